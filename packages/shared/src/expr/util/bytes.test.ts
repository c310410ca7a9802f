import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Decode, base64Encode, toHex, utf8Decode, utf8Encode } from './bytes.js';

describe('utf8 and base64', () => {
  it('round-trips any string through UTF-8 and base64', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => utf8Decode(base64Decode(base64Encode(utf8Encode(s)))) === s));
  });

  it('matches known encodings', () => {
    expect(base64Encode(utf8Encode('hello world'))).toBe('aGVsbG8gd29ybGQ=');
    expect(base64Encode(utf8Encode('ab'))).toBe('YWI=');
    expect(toHex(utf8Encode('é☃𝄞'))).toBe('c3a9e29883f09d849e');
    expect(utf8Decode(base64Decode('aGVsbG8'))).toBe('hello');
    expect(utf8Decode(base64Decode('-_8'))).toBe(utf8Decode(Uint8Array.from([0xfb, 0xff])));
  });

  it('replaces invalid UTF-8 with U+FFFD and rejects bad base64', () => {
    expect(utf8Decode(Uint8Array.from([0x61, 0xff, 0x62]))).toBe('a\ufffdb');
    expect(() => base64Decode('a$b')).toThrow('illegal base64 data: unexpected "$"');
  });
});
