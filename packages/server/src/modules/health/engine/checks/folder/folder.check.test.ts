import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureSandbox } from '../../../../../sandbox/sandbox-config.js';
import { runEntry } from '../../../../../test/peers/canary-helpers.js';

let dir: string;
const HOUR = 3600;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folder-check-'));
  // Local paths are checked only under OPS_FILE_ROOTS: allow this test's folder.
  configureSandbox({ dataDir: path.join(dir, 'no-data'), OPS_FILE_ROOTS: dir });
  const now = Date.now() / 1000;
  const file = async (name: string, bytes: number, ageSeconds: number) => {
    const p = path.join(dir, name);
    await mkdir(path.dirname(p), { recursive: true });
    await writeFile(p, Buffer.alloc(bytes, 'x'));
    await utimes(p, now - ageSeconds, now - ageSeconds);
  };
  await file('backup-1.tar', 2048, 30 * HOUR);
  await file('backup-2.tar', 4096, 2 * HOUR);
  await file('notes.txt', 10, 0.1 * HOUR);
  await file('sub/deep.tar', 100, 1 * HOUR);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const check = (entry: Record<string, unknown>) => runEntry('folder', { path: dir, ...entry });

describe('folder check', () => {
  it('counts files (not folders) and exposes them as results', async () => {
    const r = await check({ minCount: 3, maxCount: 3 });
    expect(r.pass).toBe(true);
    const detail = r.detail as {
      files: Array<{ name: string; size: number; is_dir: boolean }>;
      newest: { name: string };
      oldest: { name: string };
      count: number;
    };
    expect(detail.count).toBe(3);
    expect(detail.newest.name).toBe('notes.txt');
    expect(detail.oldest.name).toBe('backup-1.tar');
    expect(detail.files.map((f) => f.name)).toEqual(['backup-1.tar', 'backup-2.tar', 'notes.txt']);
  });

  it('walks sub-folders when recursive', async () => {
    const r = await check({ recursive: true, filter: { regex: '\\.tar$' } });
    expect((r.detail as { files: Array<{ name: string }> }).files.map((f) => f.name)).toEqual([
      'backup-1.tar',
      'backup-2.tar',
      'sub/deep.tar',
    ]);
  });

  it('fails on count, age and size limits with the file concerned', async () => {
    expect(await check({ minCount: 4 })).toMatchObject({ pass: false, error: 'too few files 3 < 4' });
    expect(await check({ maxCount: 2 })).toMatchObject({ pass: false, error: 'too many files 3 > 2' });
    expect((await check({ maxAge: '1d' })).error).toMatch(/^backup-1\.tar is too old: 1d6h > 1d$/);
    expect((await check({ minAge: '1h' })).error).toMatch(/^notes\.txt is too new: 6m\d+s < 1h$/);
    expect(await check({ minSize: '100' })).toMatchObject({ pass: false, error: 'notes.txt is too small: 10 bytes < 100' });
    expect(await check({ maxSize: '3KB' })).toMatchObject({ pass: false, error: 'backup-2.tar is too large: 4096 bytes > 3KB' });
    expect(await check({ maxSize: '4KB', minSize: 10 })).toMatchObject({ pass: true });
  });

  it('filters by name, age and size before testing', async () => {
    expect(await check({ filter: { regex: '^backup' }, minCount: 2, maxCount: 2, maxAge: '2d' })).toMatchObject({ pass: true });
    expect(await check({ filter: { maxAge: '3h' }, maxCount: 2 })).toMatchObject({ pass: true });
    expect(await check({ filter: { minSize: '1KB' }, minCount: 2, maxCount: 2 })).toMatchObject({ pass: true });
    expect(await check({ filter: { since: 'now-5h' }, maxCount: 2, minCount: 2 })).toMatchObject({ pass: true });
  });

  it('treats a missing folder as empty, and refuses remote folders it has no client for', async () => {
    expect(await check({ path: path.join(dir, 'nope'), minCount: 1 })).toMatchObject({ pass: false, error: 'too few files 0 < 1' });
    expect(await check({ path: 'smb://server/share' })).toMatchObject({
      invalid: true,
      error: 'folder: smb folders are not supported here; local paths, s3://bucket/prefix and sftp://host/path can be checked',
    });
    expect(await check({ path: '\\\\server\\share' })).toMatchObject({
      invalid: true,
      error: expect.stringMatching(/^folder: smb folders/),
    });
    expect(await check({ path: path.join(dir, 'notes.txt') })).toMatchObject({
      pass: false,
      error: `${path.join(dir, 'notes.txt')} is not a directory`,
    });
  });
});
