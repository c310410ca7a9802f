import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, jsonEqual, sortKeys, sortedKeys } from './canonical-json.js';

// Any JSON value, with keys that sort differently as strings and as integers ("10" < "9") and "__proto__".
const key = fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('__proto__', '9', '10', 'a', 'B'));
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined)),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(key, tie('node'), { maxKeys: 5 }),
  ),
})).node;

describe('canonicalJson', () => {
  it('prints what a full key-sorted copy prints, at every level (property)', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(canonicalJson(v)).toBe(JSON.stringify(sortKeys(v)) ?? 'null');
        expect(canonicalJson(v, 2)).toBe(JSON.stringify(sortKeys(v), null, 2) ?? 'null');
      }),
      { numRuns: 2000 },
    );
  });

  it('shares objects that are already in order and never changes its input', () => {
    const inOrder = { a: [{ x: 1, y: 2 }], b: { c: 1 } };
    expect(sortedKeys(inOrder)).toBe(inOrder);
    const nested = { a: { z: 1, y: 2 }, b: { c: 1 } };
    const out = sortedKeys(nested) as typeof nested;
    expect(out).not.toBe(nested);
    expect(Object.keys(out.a)).toEqual(['y', 'z']);
    expect(out.b).toBe(nested.b);
    expect(Object.keys(nested.a)).toEqual(['z', 'y']);
  });
});

describe('jsonEqual', () => {
  // Keys in reverse order at every level, undefined members dropped: the same JSON value.
  const reordered = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(reordered);
    if (v === null || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).reverse()) {
      const m = (v as Record<string, unknown>)[k];
      if (m !== undefined) Object.defineProperty(out, k, { value: reordered(m), enumerable: true, writable: true, configurable: true });
    }
    return out;
  };

  it('is true exactly when the canonical texts are equal, whatever the key order (property)', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(jsonEqual(a, b)).toBe(canonicalJson(a) === canonicalJson(b));
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(value, (v) => {
        expect(jsonEqual(v, reordered(v))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
