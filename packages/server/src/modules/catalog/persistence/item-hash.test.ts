import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalHash } from './item-hash.js';

describe('canonicalHash', () => {
  it('ignores key order at every level and undefined members', () => {
    expect(canonicalHash({ a: 1, b: { c: [1, { d: 2, e: 3 }] } })).toBe(
      canonicalHash({ b: { c: [1, { e: 3, d: 2 }] }, a: 1, x: undefined }),
    );
  });

  it('tells apart values that differ anywhere', () => {
    expect(canonicalHash({ a: [1, 2] })).not.toBe(canonicalHash({ a: [2, 1] }));
    expect(canonicalHash({ a: '1' })).not.toBe(canonicalHash({ a: 1 }));
    expect(canonicalHash({ a: null })).not.toBe(canonicalHash({}));
  });

  it('sorts keys below values that are already in order and keeps "__proto__" members', () => {
    const nested = { a: { b: [{ y: 1, x: 2 }] }, c: 1 };
    const expected = JSON.stringify({ a: { b: [{ x: 2, y: 1 }] }, c: 1 });
    expect(canonicalHash(nested)).toBe(createHash('sha256').update(expected).digest('hex'));
    expect(nested.a.b[0]).toEqual({ y: 1, x: 2 });
    const proto = JSON.parse('{"b":1,"__proto__":{"z":2,"y":1}}') as unknown;
    const protoText = '{"__proto__":{"y":1,"z":2},"b":1}';
    expect(canonicalHash(proto)).toBe(createHash('sha256').update(protoText).digest('hex'));
  });

  it('hashes the text JSON.stringify gives with sorted keys, escapes included (stored hashes stay valid)', () => {
    const value = { b: ['q"\n', '\ud800x', 'é\\', 'tab\t', 1.5e300, -0, true, null, undefined], a: { z: 1, y: 'x' } };
    const sorted = JSON.stringify({ a: { y: 'x', z: 1 }, b: ['q"\n', '\ud800x', 'é\\', 'tab\t', 1.5e300, -0, true, null, null] });
    expect(canonicalHash(value)).toBe(createHash('sha256').update(sorted).digest('hex'));
  });
});
