// Message digests for expression functions (sha256sum, md5sum, …) by `@noble/hashes`: synchronous,
// which Web Crypto is not, and the same in the browser and on the server.
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { sha224, sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { toHex, utf8Encode } from './bytes.js';

export type HashName = 'md5' | 'sha1' | 'sha224' | 'sha256' | 'sha384' | 'sha512';

const HASHES: Record<HashName, (b: Uint8Array) => Uint8Array> = { md5, sha1, sha224, sha256, sha384, sha512 };

/** Hex digest of a string's UTF-8 bytes (or of raw bytes) with the named algorithm. */
export function hashHex(name: HashName, input: string | Uint8Array): string {
  return toHex(HASHES[name](typeof input === 'string' ? utf8Encode(input) : input));
}
