import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configureSandbox } from '../../../../sandbox/sandbox-config.js';
import { StaticSecretResolver } from '../context.js';
import { fileScraper } from './file.scraper.js';
import { expandGlob, pathRegExp } from './glob.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ops-glob-'));
for (const f of ['a.json', 'b.yaml', 'sub/c.json', 'sub/deep/d.json', 'sub/skip.json', 'x.txt']) {
  mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
  writeFileSync(path.join(dir, f), '{"id": "' + f + '"}');
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The file scraper reads only under OPS_FILE_ROOTS: allow this test's folder.
configureSandbox({ dataDir: path.join(dir, 'no-data'), OPS_FILE_ROOTS: dir });
const rel = (files: string[]) => files.map((f) => path.relative(dir, f));

describe('glob', () => {
  it('expands *, ?, {a,b}, [..] and ** in sorted order', async () => {
    expect(rel(await expandGlob(path.join(dir, '*.json')))).toEqual(['a.json']);
    expect(rel(await expandGlob(path.join(dir, '*.{json,yaml}')))).toEqual(['a.json', 'b.yaml']);
    expect(rel(await expandGlob(path.join(dir, '**/*.json')))).toEqual(['a.json', 'sub/c.json', 'sub/deep/d.json', 'sub/skip.json']);
    expect(rel(await expandGlob(path.join(dir, 'sub/[cs]*.json')))).toEqual(['sub/c.json', 'sub/skip.json']);
    expect(rel(await expandGlob(path.join(dir, '?.txt')))).toEqual(['x.txt']);
    expect(await expandGlob(path.join(dir, 'none/*.json'))).toEqual([]);
    expect(pathRegExp('sub/**/*.json').test('sub/deep/d.json')).toBe(true);
    expect(pathRegExp('sub/**/*.json').test('sub/c.json')).toBe(true);
    expect(pathRegExp('sub/**/*.json').test('a.json')).toBe(false);
  });

  it('the file scraper reads globbed paths relative to the base dir, minus ignored ones', async () => {
    const run = await fileScraper.scrape(
      { paths: ['**/*.json'], ignore: ['skip.json', 'sub/deep/**'] },
      { baseDir: dir, secrets: new StaticSecretResolver() },
      'file[0]',
    );
    expect(run.errors).toEqual([]);
    expect(run.drafts.map((d) => d.source)).toEqual(['a.json', 'sub/c.json']);
  });
});

describe('file scraper over http', () => {
  it('fetches url alone, or url + relative paths; a 404 is an error for that path only', async () => {
    const server = http.createServer((req, res) =>
      req.url === '/repo/a.yaml' || req.url === '/one.json' ? res.end(`id: ${req.url}`) : res.writeHead(404).end(),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const ctx = { baseDir: dir, secrets: new StaticSecretResolver() };
    try {
      const one = await fileScraper.scrape({ url: `${base}/one.json` }, ctx, 'file[0]');
      expect(one.drafts).toEqual([{ config: 'id: /one.json', source: `${base}/one.json` }]);
      const repo = await fileScraper.scrape({ url: `${base}/repo`, paths: ['a.yaml', 'missing.yaml'] }, ctx, 'file[0]');
      expect(repo.drafts.map((d) => d.source)).toEqual([`${base}/repo/a.yaml`]);
      expect(repo.errors).toEqual([
        { scraper: 'file[0]', item: `${base}/repo/missing.yaml`, message: `GET ${base}/repo/missing.yaml returned HTTP 404` },
      ]);
      expect(repo.complete).toBe(false);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
