// Email connection tests against loopback `smtp-server` peers: plain text with AUTH, STARTTLS and
// implicit TLS with a self-signed certificate (openssl), checking the login the peer received.
import type { AddressInfo } from 'node:net';
import { CONNECTION_TYPES } from '@ops/shared';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../../test/peers/tcp-listener.js';
import { testCertificate } from '../../../test/peers/tls-cert.js';
import { testConnection, type DecryptedConnection } from './index.js';

const USER = 'mailer';
const PASSWORD = 'smtp-peer-secret-51';
const WRONG = 'wrong-secret-Zq81';

interface Peer {
  port: number;
  logins: string[];
  close(): Promise<void>;
}

async function startPeer(options: SMTPServerOptions): Promise<Peer> {
  const logins: string[] = [];
  const server = new SMTPServer({
    logger: false,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN', 'CRAM-MD5'],
    onAuth(auth, _session, cb) {
      logins.push(`${auth.method} ${auth.username ?? ''}`);
      const ok = auth.method === 'CRAM-MD5' ? auth.validatePassword?.(PASSWORD) : auth.password === PASSWORD;
      if (auth.username === USER && ok) return cb(null, { user: USER });
      cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    logins,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const opts = () => ({ signal: new AbortController().signal, timeoutMs: 10_000 });
const conn = (properties: Record<string, string>, fields: Partial<DecryptedConnection> = {}): DecryptedConnection => ({
  id: '00000000-0000-4000-8000-000000000005',
  name: 'mail',
  namespace: 'default',
  type: 'email',
  username: USER,
  password: PASSWORD,
  insecure_tls: false,
  properties: { host: '127.0.0.1', from: 'ops@test.local', ...properties },
  ...fields,
});
const failure = (c: DecryptedConnection) =>
  testConnection(c, opts()).then(
    () => 'passed',
    (e: Error) => e.message,
  );

let plain: Peer;
let starttls: Peer;
let implicit: Peer;
beforeAll(async () => {
  const { cert, key } = await testCertificate();
  plain = await startPeer({ disabledCommands: ['STARTTLS'] });
  starttls = await startPeer({ key, cert });
  implicit = await startPeer({ secure: true, key, cert });
});
afterAll(async () => {
  await Promise.all([plain.close(), starttls.close(), implicit.close()]);
});

describe('email connection test', () => {
  it('greets and logs in (Auto, and the URL the form composes with no properties)', async () => {
    await expect(testConnection(conn({ port: String(plain.port) }), opts())).resolves.toBeUndefined();
    expect(plain.logins.at(-1)).toMatch(/^(PLAIN|LOGIN) mailer$/);
    const url = CONNECTION_TYPES.email.composeUrl({
      host: '127.0.0.1',
      port: plain.port,
      username: USER,
      password: PASSWORD,
      from: 'ops@test.local',
    });
    await expect(
      testConnection(conn({}, { url, username: undefined, password: undefined, properties: {} }), opts()),
    ).resolves.toBeUndefined();
    await expect(testConnection(conn({ port: String(plain.port), auth: 'CRAMMD5' }), opts())).resolves.toBeUndefined();
    expect(plain.logins.at(-1)).toBe('CRAM-MD5 mailer');
  });

  it('names a refused login without the password', async () => {
    const message = await failure(conn({ port: String(plain.port) }, { password: WRONG }));
    expect(message).toMatch(new RegExp(`^email: 127.0.0.1:${plain.port}: Invalid login: 535 Invalid username or password`));
    expect(message).not.toContain(WRONG);
  });

  it('upgrades with STARTTLS or connects with TLS, verifying the certificate unless insecure_tls', async () => {
    const explicit = conn({ port: String(starttls.port), encryption: 'ExplicitTLS' });
    expect(await failure(explicit)).toMatch(/^email: 127.0.0.1:\d+: .*self[- ]signed certificate/);
    await expect(testConnection({ ...explicit, insecure_tls: true }, opts())).resolves.toBeUndefined();
    await expect(
      testConnection(conn({ port: String(implicit.port), encryption: 'ImplicitTLS' }, { insecure_tls: true }), opts()),
    ).resolves.toBeUndefined();
    expect(await failure(conn({ port: String(plain.port), encryption: 'ExplicitTLS' }))).toMatch(/STARTTLS/i);
  });

  it('names a refused port, a missing host and an unknown encryption', async () => {
    const port = await closedPort();
    expect(await failure(conn({ port: String(port) }))).toMatch(new RegExp(`^email: 127.0.0.1:${port}: .*ECONNREFUSED`));
    expect(await failure(conn({ host: '' }))).toBe('the connection has no SMTP host');
    expect(await failure(conn({ port: String(plain.port), encryption: 'Sometimes' }))).toBe(
      'email: encryption "Sometimes" is not None, ExplicitTLS, ImplicitTLS or Auto',
    );
  });
});
