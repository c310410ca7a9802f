// httpbin's authentication endpoints, verifying for real: Basic, Digest (RFC 7616, MD5/SHA-256/
// SHA-512, qop auth/auth-int/none) and, beyond httpbin, NTLM with NTLMv2 responses.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseAuthParams } from '../../modules/health/engine/checks/http/digest-auth.js';
import { ntowfv2, ntProofStr, parseNtlmAuthenticate } from '../../modules/health/engine/checks/http/ntlm.js';

type Reply = (res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => void;

/** /basic-auth/{user}/{passwd}: 200 with {authenticated, user} for the right credentials, else 401. */
export function basicAuth(req: IncomingMessage, res: ServerResponse, user: string, passwd: string, reply: Reply): void {
  const header = req.headers.authorization ?? '';
  const given = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
  if (given === `${user}:${passwd}`) return reply(res, 200, { authenticated: true, user });
  reply(res, 401, '', { 'WWW-Authenticate': 'Basic realm="Fake Realm"' });
}

const HASH: Record<string, string> = { MD5: 'md5', 'SHA-256': 'sha256', 'SHA-512': 'sha512' };

/** /digest-auth/{qop}/{user}/{passwd}[/{algorithm}]: challenge, then verify the response. */
export function digestAuth(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  qop: string,
  user: string,
  passwd: string,
  algorithm: string,
  reply: Reply,
): void {
  const algo = HASH[algorithm.toUpperCase()] ?? 'md5';
  const H = (s: string | Buffer) => createHash(algo).update(s).digest('hex');
  const header = req.headers.authorization ?? '';
  const challenge = () => {
    const q = qop === 'auth' || qop === 'auth-int' ? `, qop="${qop}"` : '';
    const value = `Digest realm="me@kennethreitz.com", nonce="${randomBytes(16).toString('hex')}"${q}, opaque="${randomBytes(16).toString('hex')}", algorithm=${algorithm.toUpperCase()}, stale=FALSE`;
    reply(res, 401, '', { 'WWW-Authenticate': value, 'Set-Cookie': 'fake=fake_value; Path=/' });
  };
  if (!header.startsWith('Digest ')) return challenge();
  const p = parseAuthParams(header.slice(7));
  const ha1 = H(`${user}:${p.realm ?? ''}:${passwd}`);
  const ha2 = H(p.qop === 'auth-int' ? `${req.method}:${p.uri}:${H(body)}` : `${req.method}:${p.uri}`);
  const expected = p.qop ? H(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`) : H(`${ha1}:${p.nonce}:${ha2}`);
  if (p.username !== user || p.response !== expected) return challenge();
  reply(res, 200, { authenticated: true, user });
}

/** A fixed server challenge, so a connection's type 3 message can be verified statelessly. */
const NTLM_SERVER_CHALLENGE = Buffer.from('0123456789abcdef', 'hex');

/** /ntlm-auth/{user}/{passwd}: NTLM handshake; verifies the NTLMv2 proof against the password. */
export function ntlmAuth(req: IncomingMessage, res: ServerResponse, user: string, passwd: string, reply: Reply): void {
  const header = req.headers.authorization ?? '';
  const token = /^NTLM (\S+)$/.exec(header)?.[1];
  const message = token ? Buffer.from(token, 'base64') : undefined;
  const kind = message && message.length >= 12 ? message.readUInt32LE(8) : 0;
  if (kind === 1) return reply(res, 401, '', { 'WWW-Authenticate': `NTLM ${challengeMessage().toString('base64')}` });
  if (kind === 3) {
    const auth = parseNtlmAuthenticate(token!);
    const proof = auth.ntResponse.subarray(0, 16);
    const blob = auth.ntResponse.subarray(16);
    const expected = ntProofStr(ntowfv2(auth.user, passwd, auth.domain), NTLM_SERVER_CHALLENGE, blob);
    if (auth.user === user && proof.equals(expected)) return reply(res, 200, { authenticated: true, user, domain: auth.domain });
  }
  reply(res, 401, '', { 'WWW-Authenticate': 'NTLM' });
}

function challengeMessage(): Buffer {
  const av = (id: number, value: string) => {
    const v = Buffer.from(value, 'utf16le');
    const h = Buffer.alloc(4);
    h.writeUInt16LE(id, 0);
    h.writeUInt16LE(v.length, 2);
    return Buffer.concat([h, v]);
  };
  const info = Buffer.concat([av(2, 'TEST'), av(1, 'PEER'), Buffer.alloc(4)]);
  const msg = Buffer.alloc(48);
  msg.write('NTLMSSP\0', 0, 'latin1');
  msg.writeUInt32LE(2, 8);
  msg.writeUInt32LE(48, 16); // empty target name at the end of the header
  msg.writeUInt32LE(0x00888205, 20);
  NTLM_SERVER_CHALLENGE.copy(msg, 24);
  msg.writeUInt16LE(info.length, 40);
  msg.writeUInt16LE(info.length, 42);
  msg.writeUInt32LE(48, 44);
  return Buffer.concat([msg, info]);
}
