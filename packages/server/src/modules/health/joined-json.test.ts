import { describe, expect, it } from 'vitest';
import { encodeJoined } from './joined-json.js';

describe('encodeJoined', () => {
  it('writes prefix, comma-joined rows of text and bytes, and suffix as UTF-8 of the exact length', () => {
    const rows = [
      ['{"a":"é"', '}'],
      [Buffer.from('{"b":"日本"'), '}'],
      ['{"c":', Buffer.from('"😀"'), '}'],
    ];
    const text = '{"rows":[{"a":"é"},{"b":"日本"},{"c":"😀"}]}';
    const out = encodeJoined('{"rows":[', rows, ']}');
    expect(out.toString('utf8')).toBe(text);
    expect(out.length).toBe(Buffer.byteLength(text));
    expect(JSON.parse(out.toString('utf8')).rows).toHaveLength(3);
  });

  it('handles no rows and one row', () => {
    expect(encodeJoined('[', [], ']').toString()).toBe('[]');
    expect(encodeJoined('[', [['1']], ']').toString()).toBe('[1]');
  });
});
