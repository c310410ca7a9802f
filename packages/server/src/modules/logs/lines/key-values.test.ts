import { describe, expect, it } from 'vitest';
import { scanKeyValues } from './key-values.js';

describe('scanKeyValues', () => {
  it('reads bare and quoted values with escapes', () => {
    expect(scanKeyValues('a=1 b="two words" c="say \\"hi\\"\\n" d=').pairs).toEqual([
      ['a', '1'],
      ['b', 'two words'],
      ['c', 'say "hi"\n'],
      ['d', ''],
    ]);
  });

  it('stops at the first token that is not a pair and says where', () => {
    const text = 'a=1 b=2 trailing words c=3';
    const scan = scanKeyValues(text);
    expect(scan.pairs).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(text.slice(scan.end)).toBe('trailing words c=3');
  });

  it('finds nothing in plain text or a leading =', () => {
    expect(scanKeyValues('just words').pairs).toEqual([]);
    expect(scanKeyValues('=x a=1').pairs).toEqual([]);
  });

  it('takes the rest of the text for an unterminated quote', () => {
    expect(scanKeyValues('msg="never closed a=1').pairs).toEqual([['msg', 'never closed a=1']]);
  });

  it('starts at an offset', () => {
    expect(scanKeyValues('ignored k=v', 8).pairs).toEqual([['k', 'v']]);
  });
});
