import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entriesBackward } from './reverse-entries.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ops-reverse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function read(text: string, chunk: number, from?: number): Promise<Array<[string, number]>> {
  const file = path.join(dir, `f-${Math.random()}`);
  writeFileSync(file, text);
  const fh = await open(file, 'r');
  try {
    const out: Array<[string, number]> = [];
    for await (const batch of entriesBackward(fh, from ?? Buffer.byteLength(text), chunk))
      for (const e of batch) out.push([e.text, e.offset]);
    return out;
  } finally {
    await fh.close();
  }
}

describe('entriesBackward', () => {
  it('yields entries newest first with their byte offsets, whatever the chunk size', async () => {
    const text = 'one\r\ntwo é\n\nthree\n';
    const expected: Array<[string, number]> = [
      ['three', 13],
      ['two é', 5],
      ['one', 0],
    ];
    for (const chunk of [1, 2, 3, 7, 64]) expect(await read(text, chunk)).toEqual(expected);
    const ascii = 'alpha\nbeta\n\ngamma\n';
    for (const chunk of [1, 4, 64])
      expect(await read(ascii, chunk)).toEqual([
        ['gamma', 12],
        ['beta', 6],
        ['alpha', 0],
      ]);
  });

  it('joins continuation lines onto their entry and starts from an offset', async () => {
    const text = 'a\nERR x\n  at f\n\tat g\nb';
    expect(await read(text, 4)).toEqual([
      ['b', 21],
      ['ERR x\n  at f\n\tat g', 2],
      ['a', 0],
    ]);
    expect(await read(text, 4, 2)).toEqual([['a', 0]]);
    expect(await read('  orphan\nx\n', 3)).toEqual([
      ['x', 9],
      ['  orphan', 0],
    ]);
  });
});
