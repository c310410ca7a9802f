// HTTP Digest authentication (RFC 7616 / 2617): parse the server's challenge and compute the
// Authorization header for one request: MD5, SHA-256 and SHA-512 (and their -sess forms), qop auth or auth-int.
import { createHash, randomBytes } from 'node:crypto';

/** The parameters of a `WWW-Authenticate: Digest …` challenge. */
export interface DigestChallenge {
  realm: string;
  nonce: string;
  qop?: string;
  opaque?: string;
  algorithm: string;
}

const HASHES: Record<string, string> = { MD5: 'md5', 'SHA-256': 'sha256', 'SHA-512': 'sha512' };

/** Reads `key=value` / `key="value"` parameters of an auth header. */
export function parseAuthParams(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([a-zA-Z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out[m[1]!.toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!;
  return out;
}

/** The Digest challenge among WWW-Authenticate values, or undefined. */
export function findDigestChallenge(headers: string[]): DigestChallenge | undefined {
  const value = headers.find((h) => /^digest\s/i.test(h.trim()));
  if (!value) return undefined;
  const p = parseAuthParams(value.trim().slice(6));
  if (!p.nonce) return undefined;
  return { realm: p.realm ?? '', nonce: p.nonce, qop: p.qop, opaque: p.opaque, algorithm: (p.algorithm ?? 'MD5').toUpperCase() };
}

/** The `Authorization: Digest …` value for one request (method + request-target + body). */
export function digestAuthorization(
  ch: DigestChallenge,
  username: string,
  password: string,
  method: string,
  uri: string,
  body: Buffer | undefined,
  cnonce = randomBytes(8).toString('hex'),
  nc = '00000001',
): string {
  const sess = ch.algorithm.endsWith('-SESS');
  const base = sess ? ch.algorithm.slice(0, -5) : ch.algorithm;
  const algo = HASHES[base];
  if (!algo) throw new Error(`digest algorithm ${ch.algorithm} is not supported`);
  const H = (s: string | Buffer) => createHash(algo).update(s).digest('hex');
  const offered = (ch.qop ?? '').split(',').map((q) => q.trim().toLowerCase());
  const qop = offered.includes('auth') ? 'auth' : offered.includes('auth-int') ? 'auth-int' : undefined;
  let ha1 = H(`${username}:${ch.realm}:${password}`);
  if (sess) ha1 = H(`${ha1}:${ch.nonce}:${cnonce}`);
  const ha2 = H(qop === 'auth-int' ? `${method}:${uri}:${H(body ?? Buffer.alloc(0))}` : `${method}:${uri}`);
  const response = qop ? H(`${ha1}:${ch.nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : H(`${ha1}:${ch.nonce}:${ha2}`);
  const parts = [
    `username="${username}"`,
    `realm="${ch.realm}"`,
    `nonce="${ch.nonce}"`,
    `uri="${uri}"`,
    `algorithm=${ch.algorithm}`,
    `response="${response}"`,
  ];
  if (qop) parts.push(`qop=${qop}`, `nc=${nc}`, `cnonce="${cnonce}"`);
  if (ch.opaque !== undefined) parts.push(`opaque="${ch.opaque}"`);
  return `Digest ${parts.join(', ')}`;
}
