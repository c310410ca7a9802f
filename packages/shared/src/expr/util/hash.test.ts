import { describe, expect, it } from 'vitest';
import { hashHex, type HashName } from './hash.js';

// Vectors from Go's crypto packages (the same digests `openssl dgst` prints).
const VECTORS: [HashName, string, string][] = [
  ['md5', '', 'd41d8cd98f00b204e9800998ecf8427e'],
  ['md5', 'p1', 'ec6ef230f1828039ee794566b9c58adc'],
  ['md5', 'x'.repeat(64), 'c1bb4f81d892b2d57947682aeb252456'],
  ['sha1', 'hello', 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d'],
  ['sha1', 'héllo ☃ 𝄞', '34d331cc3a83ff5c72a4bfcfeaa5df95da714446'],
  ['sha224', 'abc', '23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7'],
  ['sha256', 'hello', '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'],
  ['sha256', 'x'.repeat(56), '04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e'],
  ['sha384', 'hello world', 'fdbd8e75a67f29f701a4e040385e2e23986303ea10239211af907fcbb83578b3e417cb71ce646efd0819dd8c088de1bd'],
  [
    'sha512',
    'abc',
    'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
  ],
  [
    'sha512',
    'x'.repeat(112),
    'a3722b515ef40c910f2419f6e0da8ca51d410114ce6272faae64045f9e9f630e7fa8dd5a3243c9860b899d148c3da4bc0f9e07454542604d030bb55531fe0d5b',
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
