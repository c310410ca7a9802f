import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readZip } from './zip-test-helpers.js';
import { zipArchive } from './zip-archive.js';

const hasUnzip = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('zipArchive', () => {
  const entries = [
    { name: 'component.json', data: Buffer.from(JSON.stringify({ name: 'café', n: [1, 2, 3] })) },
    { name: 'empty.json', data: Buffer.alloc(0) },
    { name: 'big.json', data: Buffer.from('x'.repeat(200_000)) },
  ];

  it('round-trips names and contents through the central directory', () => {
    const files = readZip(zipArchive(entries, new Date('2026-11-28T08:40:12Z')));
    expect([...files.keys()]).toEqual(['component.json', 'empty.json', 'big.json']);
    expect(JSON.parse(files.get('component.json')!.toString('utf8'))).toEqual({ name: 'café', n: [1, 2, 3] });
    expect(files.get('empty.json')!.length).toBe(0);
    expect(files.get('big.json')!.toString()).toBe('x'.repeat(200_000));
  });

  it.runIf(hasUnzip)('passes unzip -t (CRCs and sizes as another tool reads them)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-'));
    try {
      const file = path.join(dir, 'a.zip');
      writeFileSync(file, zipArchive(entries));
      const out = execFileSync('unzip', ['-t', file]).toString();
      expect(out).toContain('No errors detected');
      expect(execFileSync('unzip', ['-p', file, 'component.json']).toString()).toContain('café');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
