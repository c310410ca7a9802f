// Encoding, hashing and identifiers: base64.*, crypto.SHA*, uuid.*, random.*.
import { base64Decode, base64Encode, randomBytes, toHex, utf8Encode } from '../../util/bytes.js';
import { hashHex, type HashName } from '../../util/hash.js';
import type { CelLibrary } from '../registrar.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A random (version 4) UUID. */
export function uuidV4(): string {
  const b = randomBytes(16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = toHex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Uniform random integer in [0, n). */
function randomInt(n: number): number {
  const b = randomBytes(4);
  return (((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0) % n;
}

function randomString(n: bigint, alphabet: string): string {
  if (n < 0n || n > 10_000n) throw new Error('random string length must be between 0 and 10000');
  return Array.from({ length: Number(n) }, () => alphabet[randomInt(alphabet.length)]).join('');
}

const ALPHA = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

/** Registers base64.*, crypto.*, uuid.* and random.*. */
export const encodingLibrary: CelLibrary = (r) => {
  r.fn('base64.encode', ['bytes'], 'string', (b: Uint8Array) => base64Encode(b));
  r.fn('base64.encode', ['string'], 'string', (s: string) => base64Encode(utf8Encode(s)));
  r.fn('base64.decode', ['string'], 'bytes', (s: string) => base64Decode(s));
  const hashes: [string, HashName][] = [
    ['SHA1', 'sha1'],
    ['SHA224', 'sha224'],
    ['SHA256', 'sha256'],
    ['SHA384', 'sha384'],
    ['SHA512', 'sha512'],
    ['MD5', 'md5'],
  ];
  for (const [fn, algo] of hashes) {
    r.fn(`crypto.${fn}`, ['string'], 'string', (s: string) => hashHex(algo, s));
    r.fn(`crypto.${fn}`, ['bytes'], 'string', (b: Uint8Array) => hashHex(algo, b));
  }
  r.fn('uuid.V4', [], 'string', uuidV4);
  r.fn('uuid.Nil', [], 'string', () => '00000000-0000-0000-0000-000000000000');
  r.fn('uuid.IsValid', ['string'], 'bool', (s: string) => UUID.test(s.replace(/^urn:uuid:/i, '').replace(/^\{(.*)\}$/, '$1')));
  r.fn('uuid.Parse', ['string'], 'string', (s: string) => {
    const v = s
      .replace(/^urn:uuid:/i, '')
      .replace(/^\{(.*)\}$/, '$1')
      .toLowerCase();
    if (!UUID.test(v)) throw new Error(`invalid UUID ${JSON.stringify(s)}`);
    return v;
  });
  r.fn('random.Alpha', ['int'], 'string', (n: bigint) => randomString(n, ALPHA));
  r.fn('random.AlphaNum', ['int'], 'string', (n: bigint) => randomString(n, `${ALPHA}0123456789`));
  r.fn('random.ASCII', ['int'], 'string', (n: bigint) => randomString(n, ASCII));
  r.fn('random.Item', ['list'], 'dyn', (l: unknown[]) => (l.length === 0 ? null : l[randomInt(l.length)]));
  r.fn('random.Number', ['int', 'int'], 'int', (a: bigint, b: bigint) => {
    if (b < a) throw new Error('random.Number: max must not be less than min');
    return a + BigInt(randomInt(Number(b - a) + 1));
  });
};
