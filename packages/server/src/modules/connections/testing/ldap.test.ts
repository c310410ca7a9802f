// LDAP connection test against a loopback directory that speaks the LDAPv3 bind exchange in BER
// (RFC 4511): BindRequest answered by a BindResponse (0 success, 49 invalidCredentials), Unbind
// closes. No LDAP server package is installed here (slapd is not among the test prerequisites).
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../../test/peers/tcp-listener.js';
import { testCertificate } from '../../../test/peers/tls-cert.js';
import { testConnection, type DecryptedConnection } from './index.js';

const DN = 'cn=admin,dc=ops,dc=test';
const PASSWORD = 'ldap-peer-secret-93';
const WRONG = 'wrong-secret-Zq81';
const binds: string[] = [];

/** A BER length: short form below 128, else 0x80|n then n bytes. */
function berLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, value: Buffer) => Buffer.concat([Buffer.from([tag]), berLength(value.length), value]);

/** Reads one TLV at `at`: tag, value start and end; undefined while incomplete. */
function readTlv(buf: Buffer, at: number): { tag: number; start: number; end: number } | undefined {
  if (buf.length < at + 2) return undefined;
  const first = buf[at + 1]!;
  let len = first;
  let start = at + 2;
  if (first & 0x80) {
    const n = first & 0x7f;
    if (buf.length < start + n) return undefined;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[start + i]!;
    start += n;
  }
  return buf.length < start + len ? undefined : { tag: buf[at]!, start, end: start + len };
}

function serve(socket: net.Socket): void {
  let pending = Buffer.alloc(0);
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      const message = readTlv(pending, 0);
      if (!message) return;
      const id = readTlv(pending, message.start)!;
      const op = readTlv(pending, id.end)!;
      const messageId = pending.subarray(id.start, id.end);
      if (op.tag === 0x42) return void socket.end(); // UnbindRequest
      if (op.tag === 0x60) {
        const version = readTlv(pending, op.start)!;
        const name = readTlv(pending, version.end)!;
        const auth = readTlv(pending, name.end)!;
        const dn = pending.subarray(name.start, name.end).toString('utf8');
        const password = pending.subarray(auth.start, auth.end).toString('utf8');
        binds.push(dn);
        const ok = dn === DN && password === PASSWORD;
        const result = Buffer.concat([
          tlv(0x0a, Buffer.from([ok ? 0 : 49])),
          tlv(0x04, Buffer.alloc(0)),
          tlv(0x04, Buffer.from(ok ? '' : 'Invalid Credentials')),
        ]);
        socket.write(tlv(0x30, Buffer.concat([tlv(0x02, messageId), tlv(0x61, result)])));
      }
      pending = pending.subarray(message.end);
    }
  });
}
const server = net.createServer(serve);
let secure: tls.Server | undefined;

let url = '';
let secureUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ldap://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { key, cert } = await testCertificate();
  const tlsServer = tls.createServer({ key, cert }, serve);
  secure = tlsServer;
  await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
  secureUrl = `ldaps://127.0.0.1:${(tlsServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => secure?.close(resolve));
});

const opts = () => ({ signal: new AbortController().signal, timeoutMs: 10_000 });
const conn = (fields: Partial<DecryptedConnection>): DecryptedConnection => ({
  id: '00000000-0000-4000-8000-000000000007',
  name: 'directory',
  namespace: 'default',
  type: 'ldap',
  url,
  username: DN,
  password: PASSWORD,
  insecure_tls: false,
  properties: {},
  ...fields,
});
const failure = (c: DecryptedConnection) =>
  testConnection(c, opts()).then(
    () => 'passed',
    (e: Error) => e.message,
  );

describe('ldap connection test', () => {
  it('binds as the username with the password', async () => {
    await expect(testConnection(conn({}), opts())).resolves.toBeUndefined();
    expect(binds.at(-1)).toBe(DN);
  });

  it('binds over ldaps://, verifying the certificate unless insecure_tls', async () => {
    expect(await failure(conn({ url: secureUrl }))).toMatch(/^ldap: bind as .* failed: .*self[- ]signed certificate/);
    await expect(testConnection(conn({ url: secureUrl, insecure_tls: true }), opts())).resolves.toBeUndefined();
  });

  it('names refused credentials without the password, a refused port and an anonymous bind', async () => {
    const message = await failure(conn({ password: WRONG }));
    expect(message).toMatch(new RegExp(`^ldap: bind as ${DN} to ${url} failed: .*Invalid Credentials.* \\(LDAP result code 49\\)$`));
    expect(message).not.toContain(WRONG);
    const port = await closedPort();
    expect(await failure(conn({ url: `ldap://127.0.0.1:${port}` }))).toMatch(/ECONNREFUSED/);
    expect(await failure(conn({ password: '' }))).toBe('the connection has no password (an anonymous bind proves nothing)');
    expect(await failure(conn({ url: 'http://x' }))).toBe('"http://x" is not an ldap:// or ldaps:// URL');
  });
});
