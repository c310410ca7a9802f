// Message digests in plain TypeScript (Web Crypto is async; expression functions are synchronous).
import { toHex, utf8Encode } from './bytes.js';

/** Pads a message the MD/SHA way: 0x80, zeros, then the bit length in `lenBytes` bytes. */
function pad(msg: Uint8Array, block: number, lenBytes: number, littleEndian: boolean): Uint8Array {
  const total = Math.ceil((msg.length + 1 + lenBytes) / block) * block;
  const out = new Uint8Array(total);
  out.set(msg);
  out[msg.length] = 0x80;
  let bits = BigInt(msg.length) * 8n;
  for (let i = 0; i < lenBytes; i++) {
    out[littleEndian ? total - lenBytes + i : total - 1 - i] = Number(bits & 0xffn);
    bits >>= 8n;
  }
  return out;
}

const rotl = (x: number, n: number) => (x << n) | (x >>> (32 - n));
const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

const MD5_S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const MD5_K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

/** MD5 digest (used for masking values the way config-db's `md5sum` does). */
export function md5(data: Uint8Array): Uint8Array {
  const m = pad(data, 64, 8, true);
  let [a0, b0, c0, d0] = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let off = 0; off < m.length; off += 64) {
    const w = Array.from(
      { length: 16 },
      (_, i) => m[off + i * 4]! | (m[off + i * 4 + 1]! << 8) | (m[off + i * 4 + 2]! << 16) | (m[off + i * 4 + 3]! << 24),
    );
    let [a, b, c, d] = [a0, b0, c0, d0];
    for (let i = 0; i < 64; i++) {
      const r = i >> 4;
      const f = r === 0 ? (b & c) | (~b & d) : r === 1 ? (d & b) | (~d & c) : r === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const g = r === 0 ? i : r === 1 ? (5 * i + 1) % 16 : r === 2 ? (3 * i + 5) % 16 : (7 * i) % 16;
      const tmp = d;
      d = c;
      c = b;
      b = (b + rotl((a + f + MD5_K[i]! + w[g]!) | 0, MD5_S[r * 4 + (i % 4)]!)) | 0;
      a = tmp;
    }
    [a0, b0, c0, d0] = [(a0 + a) | 0, (b0 + b) | 0, (c0 + c) | 0, (d0 + d) | 0];
  }
  const out = new Uint8Array(16);
  [a0, b0, c0, d0].forEach((v, i) => {
    for (let k = 0; k < 4; k++) out[i * 4 + k] = (v >>> (8 * k)) & 0xff;
  });
  return out;
}

/** Reads big-endian 32-bit words of one block. */
function words32(m: Uint8Array, off: number, n: number): number[] {
  return Array.from(
    { length: n },
    (_, i) => (m[off + i * 4]! << 24) | (m[off + i * 4 + 1]! << 16) | (m[off + i * 4 + 2]! << 8) | m[off + i * 4 + 3]!,
  );
}

/** Writes 32-bit words big-endian. */
function bytes32(ws: number[]): Uint8Array {
  const out = new Uint8Array(ws.length * 4);
  ws.forEach((v, i) => {
    for (let k = 0; k < 4; k++) out[i * 4 + k] = (v >>> (24 - 8 * k)) & 0xff;
  });
  return out;
}

/** SHA-1 digest. */
export function sha1(data: Uint8Array): Uint8Array {
  const m = pad(data, 64, 8, false);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  for (let off = 0; off < m.length; off += 64) {
    const w = words32(m, off, 16);
    for (let i = 16; i < 80; i++) w[i] = rotl(w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!, 1);
    let [a, b, c, d, e] = h as [number, number, number, number, number];
    for (let i = 0; i < 80; i++) {
      const [f, k] =
        i < 20
          ? [(b & c) | (~b & d), 0x5a827999]
          : i < 40
            ? [b ^ c ^ d, 0x6ed9eba1]
            : i < 60
              ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc]
              : [b ^ c ^ d, 0xca62c1d6];
      const t = (rotl(a, 5) + f + e + k + w[i]!) | 0;
      [e, d, c, b, a] = [d, c, rotl(b, 30), a, t];
    }
    [a, b, c, d, e].forEach((v, i) => (h[i] = (h[i]! + v) | 0));
  }
  return bytes32(h);
}

const K256 = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/** SHA-256 (or SHA-224 with `small`). */
export function sha256(data: Uint8Array, small = false): Uint8Array {
  const m = pad(data, 64, 8, false);
  const h = small
    ? [0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4]
    : [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  for (let off = 0; off < m.length; off += 64) {
    const w = words32(m, off, 16);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15]!, 7) ^ rotr(w[i - 15]!, 18) ^ (w[i - 15]! >>> 3);
      const s1 = rotr(w[i - 2]!, 17) ^ rotr(w[i - 2]!, 19) ^ (w[i - 2]! >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K256[i]! + w[i]!) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      [hh, g, f, e, d, c, b, a] = [g, f, e, (d + t1) | 0, c, b, a, (t1 + t2) | 0];
    }
    [a, b, c, d, e, f, g, hh].forEach((v, i) => (h[i] = (h[i]! + v) | 0));
  }
  return bytes32(small ? h.slice(0, 7) : h);
}

const M64 = (1n << 64n) - 1n;
const r64 = (x: bigint, n: bigint) => ((x >> n) | (x << (64n - n))) & M64;
const K512 = [
  '428a2f98d728ae22',
  '7137449123ef65cd',
  'b5c0fbcfec4d3b2f',
  'e9b5dba58189dbbc',
  '3956c25bf348b538',
  '59f111f1b605d019',
  '923f82a4af194f9b',
  'ab1c5ed5da6d8118',
  'd807aa98a3030242',
  '12835b0145706fbe',
  '243185be4ee4b28c',
  '550c7dc3d5ffb4e2',
  '72be5d74f27b896f',
  '80deb1fe3b1696b1',
  '9bdc06a725c71235',
  'c19bf174cf692694',
  'e49b69c19ef14ad2',
  'efbe4786384f25e3',
  '0fc19dc68b8cd5b5',
  '240ca1cc77ac9c65',
  '2de92c6f592b0275',
  '4a7484aa6ea6e483',
  '5cb0a9dcbd41fbd4',
  '76f988da831153b5',
  '983e5152ee66dfab',
  'a831c66d2db43210',
  'b00327c898fb213f',
  'bf597fc7beef0ee4',
  'c6e00bf33da88fc2',
  'd5a79147930aa725',
  '06ca6351e003826f',
  '142929670a0e6e70',
  '27b70a8546d22ffc',
  '2e1b21385c26c926',
  '4d2c6dfc5ac42aed',
  '53380d139d95b3df',
  '650a73548baf63de',
  '766a0abb3c77b2a8',
  '81c2c92e47edaee6',
  '92722c851482353b',
  'a2bfe8a14cf10364',
  'a81a664bbc423001',
  'c24b8b70d0f89791',
  'c76c51a30654be30',
  'd192e819d6ef5218',
  'd69906245565a910',
  'f40e35855771202a',
  '106aa07032bbd1b8',
  '19a4c116b8d2d0c8',
  '1e376c085141ab53',
  '2748774cdf8eeb99',
  '34b0bcb5e19b48a8',
  '391c0cb3c5c95a63',
  '4ed8aa4ae3418acb',
  '5b9cca4f7763e373',
  '682e6ff3d6b2b8a3',
  '748f82ee5defb2fc',
  '78a5636f43172f60',
  '84c87814a1f0ab72',
  '8cc702081a6439ec',
  '90befffa23631e28',
  'a4506cebde82bde9',
  'bef9a3f7b2c67915',
  'c67178f2e372532b',
  'ca273eceea26619c',
  'd186b8c721c0c207',
  'eada7dd6cde0eb1e',
  'f57d4f7fee6ed178',
  '06f067aa72176fba',
  '0a637dc5a2c898a6',
  '113f9804bef90dae',
  '1b710b35131c471b',
  '28db77f523047d84',
  '32caab7b40c72493',
  '3c9ebe0a15c9bebc',
  '431d67c49c100d4c',
  '4cc5d4becb3e42b6',
  '597f299cfc657e2a',
  '5fcb6fab3ad6faec',
  '6c44198c4a475817',
].map((x) => BigInt(`0x${x}`));
const IV512 = [
  '6a09e667f3bcc908',
  'bb67ae8584caa73b',
  '3c6ef372fe94f82b',
  'a54ff53a5f1d36f1',
  '510e527fade682d1',
  '9b05688c2b3e6c1f',
  '1f83d9abfb41bd6b',
  '5be0cd19137e2179',
];
const IV384 = [
  'cbbb9d5dc1059ed8',
  '629a292a367cd507',
  '9159015a3070dd17',
  '152fecd8f70e5939',
  '67332667ffc00b31',
  '8eb44a8768581511',
  'db0c2e0d64f98fa7',
  '47b5481dbefa4fa4',
];

/** SHA-512 (or SHA-384 with `small`). */
export function sha512(data: Uint8Array, small = false): Uint8Array {
  const m = pad(data, 128, 16, false);
  const h = (small ? IV384 : IV512).map((x) => BigInt(`0x${x}`));
  for (let off = 0; off < m.length; off += 128) {
    const w: bigint[] = [];
    for (let i = 0; i < 16; i++) {
      let v = 0n;
      for (let k = 0; k < 8; k++) v = (v << 8n) | BigInt(m[off + i * 8 + k]!);
      w.push(v);
    }
    for (let i = 16; i < 80; i++) {
      const s0 = r64(w[i - 15]!, 1n) ^ r64(w[i - 15]!, 8n) ^ (w[i - 15]! >> 7n);
      const s1 = r64(w[i - 2]!, 19n) ^ r64(w[i - 2]!, 61n) ^ (w[i - 2]! >> 6n);
      w.push((w[i - 16]! + s0 + w[i - 7]! + s1) & M64);
    }
    let [a, b, c, d, e, f, g, hh] = h as [bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint];
    for (let i = 0; i < 80; i++) {
      const t1 = (hh + (r64(e, 14n) ^ r64(e, 18n) ^ r64(e, 41n)) + ((e & f) ^ (~e & M64 & g)) + K512[i]! + w[i]!) & M64;
      const t2 = ((r64(a, 28n) ^ r64(a, 34n) ^ r64(a, 39n)) + ((a & b) ^ (a & c) ^ (b & c))) & M64;
      [hh, g, f, e, d, c, b, a] = [g, f, e, (d + t1) & M64, c, b, a, (t1 + t2) & M64];
    }
    [a, b, c, d, e, f, g, hh].forEach((v, i) => (h[i] = (h[i]! + v) & M64));
  }
  const out = new Uint8Array((small ? 6 : 8) * 8);
  h.slice(0, small ? 6 : 8).forEach((v, i) => {
    for (let k = 0; k < 8; k++) out[i * 8 + k] = Number((v >> BigInt(56 - 8 * k)) & 0xffn);
  });
  return out;
}

export type HashName = 'md5' | 'sha1' | 'sha224' | 'sha256' | 'sha384' | 'sha512';

/** Hex digest of a string's UTF-8 bytes (or of raw bytes) with the named algorithm. */
export function hashHex(name: HashName, input: string | Uint8Array): string {
  const bytes = typeof input === 'string' ? utf8Encode(input) : input;
  const fns: Record<HashName, (b: Uint8Array) => Uint8Array> = {
    md5,
    sha1,
    sha224: (b) => sha256(b, true),
    sha256: (b) => sha256(b),
    sha384: (b) => sha512(b, true),
    sha512: (b) => sha512(b),
  };
  return toHex(fns[name](bytes));
}
