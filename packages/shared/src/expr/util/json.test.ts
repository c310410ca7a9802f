import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJSON, toJSON } from './json.js';
import { durationFromMs } from './values.js';

describe('toJSON (Go encoding/json style)', () => {
  it('sorts keys and writes our value kinds', () => {
    expect(
      toJSON({ b: 1n, a: [true, null], c: new Date('2023-01-01T00:00:00Z'), d: durationFromMs(1500), e: Uint8Array.from([104, 105]) }),
    ).toBe('{"a":[true,null],"b":1,"c":"2023-01-01T00:00:00Z","d":"1.5s","e":"aGk="}');
    expect(toJSON(new Map([['k', 1]]))).toBe('{"k":1}');
    expect(toJSON({ a: { b: 1 } }, ' ')).toBe('{\n "a": {\n  "b": 1\n }\n}');
  });

  it('round-trips JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(parseJSON(toJSON(v))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
    );
  });

  it('refuses cycles and names bad JSON', () => {
    const a: Record<string, unknown> = {};
    a.self = a;
    expect(() => toJSON(a)).toThrow('encountered a cycle');
    expect(() => parseJSON('{x')).toThrow(/^invalid JSON/);
  });
});
