import { it, expect } from 'vitest';
import { hashHex } from '../util/hash.js';
import { createHash } from 'node:crypto';
it('h', () => {
  for (const s of ['', 'hello world', 'a'.repeat(200), 'héllo ☃ 𝄞', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(111), 'x'.repeat(112)]) {
    for (const n of ['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512'] as const) {
      expect(hashHex(n, s)).toBe(createHash(n).update(s).digest('hex'));
    }
  }
});
