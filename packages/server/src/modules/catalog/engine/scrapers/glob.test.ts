import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StaticSecretResolver } from '../context.js';
import { fileScraper } from './file.scraper.js';
import { expandGlob, pathRegExp } from './glob.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ops-glob-'));
for (const f of ['a.json', 'b.yaml', 'sub/c.json', 'sub/deep/d.json', 'sub/skip.json', 'x.txt']) {
  mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
  writeFileSync(path.join(dir, f), '{"id": "' + f + '"}');
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));
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
