import { describe, expect, it } from 'vitest';
import { encodeJoined } from './joined-json.js';

describe('encodeJoined', () => {
  it('writes prefix, comma-joined parts and suffix as UTF-8 of the exact length', () => {
    const parts = ['{"a":"é"}', '{"b":"日本"}', '{"c":"😀"}'];
    const out = encodeJoined('{"rows":[', parts, ']}');
    expect(out.toString('utf8')).toBe(`{"rows":[${parts.join(',')}]}`);
    expect(out.length).toBe(Buffer.byteLength(`{"rows":[${parts.join(',')}]}`));
    expect(JSON.parse(out.toString('utf8')).rows).toHaveLength(3);
  });

  it('handles no parts and one part', () => {
    expect(encodeJoined('[', [], ']').toString()).toBe('[]');
    expect(encodeJoined('[', ['1'], ']').toString()).toBe('[1]');
  });
});
