// NTLM over HTTP (MS-NLMP) with NTLMv2 responses: the negotiate message, reading the server's
// challenge, and the authenticate message. Both `ntlm` and `ntlmv2` use NTLMv2 responses, as Go's
// go-ntlmssp does; the older NTLMv1 (DES-based) responses are not implemented.
import { createHmac, randomBytes } from 'node:crypto';
import { md4 } from './md4.js';

const SIGNATURE = Buffer.from('NTLMSSP\0', 'latin1');
const FLAGS =
  0x00000001 | // NEGOTIATE_UNICODE
  0x00000004 | // REQUEST_TARGET
  0x00000200 | // NEGOTIATE_NTLM
  0x00008000 | // NEGOTIATE_ALWAYS_SIGN
  0x00080000 | // NEGOTIATE_EXTENDED_SESSIONSECURITY
  0x00800000 | // NEGOTIATE_TARGET_INFO
  0x20000000 | // NEGOTIATE_128
  0x80000000; // NEGOTIATE_56

/** The server's challenge message (type 2). */
export interface NtlmChallenge {
  flags: number;
  serverChallenge: Buffer;
  targetInfo: Buffer;
}

/** Credentials; `domain` may also come from the user name (DOMAIN\user or user@domain). */
export interface NtlmCredentials {
  username: string;
  password: string;
  domain?: string;
  workstation?: string;
}

/** The negotiate message (type 1), base64 for `Authorization: NTLM …`. */
export function ntlmNegotiate(): string {
  const msg = Buffer.alloc(32);
  SIGNATURE.copy(msg, 0);
  msg.writeUInt32LE(1, 8);
  msg.writeUInt32LE(FLAGS >>> 0, 12);
  return msg.toString('base64');
}

/** Reads a challenge message from the base64 of `WWW-Authenticate: NTLM …`. */
export function parseNtlmChallenge(b64: string): NtlmChallenge {
  const msg = Buffer.from(b64, 'base64');
  if (msg.length < 32 || !msg.subarray(0, 8).equals(SIGNATURE) || msg.readUInt32LE(8) !== 2)
    throw new Error('the server sent an invalid NTLM challenge');
  const infoLen = msg.length >= 48 ? msg.readUInt16LE(40) : 0;
  const infoOff = msg.length >= 48 ? msg.readUInt32LE(44) : 0;
  return {
    flags: msg.readUInt32LE(20),
    serverChallenge: Buffer.from(msg.subarray(24, 32)),
    targetInfo: Buffer.from(msg.subarray(infoOff, infoOff + infoLen)),
  };
}

/** NTOWFv2: HMAC-MD5 keyed with the NT hash over UPPER(user) + domain, both UTF-16LE. */
export function ntowfv2(username: string, password: string, domain: string): Buffer {
  const ntHash = md4(Buffer.from(password, 'utf16le'));
  return createHmac('md5', ntHash)
    .update(Buffer.from(username.toUpperCase() + domain, 'utf16le'))
    .digest();
}

/** NTProofStr = HMAC-MD5(NTOWFv2, serverChallenge + blob): what the server recomputes to verify. */
export function ntProofStr(key: Buffer, serverChallenge: Buffer, blob: Buffer): Buffer {
  return createHmac('md5', key)
    .update(Buffer.concat([serverChallenge, blob]))
    .digest();
}

/** Splits DOMAIN\user and user@domain; an explicit domain wins. */
export function splitDomain(creds: NtlmCredentials): { user: string; domain: string } {
  if (creds.domain) return { user: creds.username, domain: creds.domain };
  const back = creds.username.indexOf('\\');
  if (back > 0) return { domain: creds.username.slice(0, back), user: creds.username.slice(back + 1) };
  const at = creds.username.lastIndexOf('@');
  if (at > 0) return { user: creds.username.slice(0, at), domain: creds.username.slice(at + 1) };
  return { user: creds.username, domain: '' };
}

/** The authenticate message (type 3) answering `challenge`, base64. */
export function ntlmAuthenticate(
  creds: NtlmCredentials,
  challenge: NtlmChallenge,
  clientChallenge = randomBytes(8),
  now = Date.now(),
): string {
  const { user, domain } = splitDomain(creds);
  const key = ntowfv2(user, creds.password, domain);
  const blob = Buffer.concat([
    Buffer.from([1, 1, 0, 0, 0, 0, 0, 0]),
    timestampOf(challenge.targetInfo) ?? filetime(now),
    clientChallenge,
    Buffer.alloc(4),
    challenge.targetInfo,
    Buffer.alloc(4),
  ]);
  const proof = ntProofStr(key, challenge.serverChallenge, blob);
  const nt = Buffer.concat([proof, blob]);
  const lm = Buffer.concat([
    createHmac('md5', key)
      .update(Buffer.concat([challenge.serverChallenge, clientChallenge]))
      .digest(),
    clientChallenge,
  ]);
  const fields = [
    lm,
    nt,
    Buffer.from(domain, 'utf16le'),
    Buffer.from(user, 'utf16le'),
    Buffer.from(creds.workstation ?? '', 'utf16le'),
    Buffer.alloc(0),
  ];
  const header = Buffer.alloc(64);
  SIGNATURE.copy(header, 0);
  header.writeUInt32LE(3, 8);
  let offset = 64;
  fields.forEach((f, i) => {
    header.writeUInt16LE(f.length, 12 + i * 8);
    header.writeUInt16LE(f.length, 14 + i * 8);
    header.writeUInt32LE(offset, 16 + i * 8);
    offset += f.length;
  });
  header.writeUInt32LE((challenge.flags & FLAGS) >>> 0, 60);
  return Buffer.concat([header, ...fields]).toString('base64');
}

/** Fields of an authenticate message, for servers (our test peer) that verify it. */
export function parseNtlmAuthenticate(b64: string): { user: string; domain: string; ntResponse: Buffer } {
  const msg = Buffer.from(b64, 'base64');
  if (msg.length < 64 || !msg.subarray(0, 8).equals(SIGNATURE) || msg.readUInt32LE(8) !== 3)
    throw new Error('not an NTLM authenticate message');
  const field = (i: number) => msg.subarray(msg.readUInt32LE(16 + i * 8), msg.readUInt32LE(16 + i * 8) + msg.readUInt16LE(12 + i * 8));
  return { ntResponse: Buffer.from(field(1)), domain: field(2).toString('utf16le'), user: field(3).toString('utf16le') };
}

/** MsvAvTimestamp (AvId 7) of a target-info list, when the server sent one. */
function timestampOf(info: Buffer): Buffer | undefined {
  for (let p = 0; p + 4 <= info.length;) {
    const id = info.readUInt16LE(p);
    const len = info.readUInt16LE(p + 2);
    if (id === 0) return undefined;
    if (id === 7 && len === 8) return Buffer.from(info.subarray(p + 4, p + 12));
    p += 4 + len;
  }
  return undefined;
}

/** Windows FILETIME: 100 ns ticks since 1601-01-01, little-endian. */
function filetime(ms: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE((BigInt(ms) + 11_644_473_600_000n) * 10_000n);
  return b;
}
