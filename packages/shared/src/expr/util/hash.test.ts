import { describe, expect, it } from 'vitest';
import { hashHex, type HashName } from './hash.js';

// One vector per name (Go's crypto packages print the same digests), so each name maps to its algorithm;
// UTF-8 encoding of text is checked by the multi-byte sha1 case.
const VECTORS: [HashName, string, string][] = [
  ['md5', '', 'd41d8cd98f00b204e9800998ecf8427e'],
  ['sha1', 'hello', 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d'],
  ['sha1', 'héllo ☃ 𝄞', '34d331cc3a83ff5c72a4bfcfeaa5df95da714446'],
  ['sha224', 'abc', '23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7'],
  ['sha256', 'hello', '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'],
  ['sha384', 'hello world', 'fdbd8e75a67f29f701a4e040385e2e23986303ea10239211af907fcbb83578b3e417cb71ce646efd0819dd8c088de1bd'],
  [
    'sha512',
    'abc',
    'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
  ],
];

describe('hashHex', () => {
  it.each(VECTORS)('%s(%j)', (algo, input, digest) => {
    expect(hashHex(algo, input)).toBe(digest);
  });

  it('hashes raw bytes the same as their text', () => {
    expect(hashHex('sha256', Uint8Array.from([104, 101, 108, 108, 111]))).toBe(hashHex('sha256', 'hello'));
  });
});
