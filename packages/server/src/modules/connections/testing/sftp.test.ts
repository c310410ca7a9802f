// SFTP connection test against a loopback ssh2 server that accepts one user/password and serves a
// home folder over the SFTP subsystem; also a peer that is not SSH and a port nothing listens on.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSftpPeer, type SftpPeer } from '../../../test/peers/sftp-server.js';
import { closedPort } from '../../../test/peers/tcp-listener.js';
import { testConnection, type DecryptedConnection } from './index.js';

const USER = 'files';
const PASSWORD = 'sftp-peer-secret-37';
const WRONG = 'wrong-secret-Zq81';

let peer: SftpPeer;
let cbcOnly: SftpPeer;
const notSsh = net.createServer((socket) => {
  socket.resume(); // read what the client sends, so its close is seen and the socket closes
  socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
});
beforeAll(async () => {
  peer = await startSftpPeer({
    username: USER,
    password: PASSWORD,
    home: '/home/files',
    tree: { '/home/files': { 'report.csv': { size: 12, mtime: 1_700_000_000 } } },
  });
  // The client does not offer CBC ciphers unless told to, so no cipher can be agreed on.
  cbcOnly = await startSftpPeer({
    username: USER,
    password: PASSWORD,
    home: '/',
    tree: { '/': {} },
    algorithms: { cipher: ['aes128-cbc'] },
  });
  await new Promise<void>((resolve) => notSsh.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await peer.close();
  await cbcOnly.close();
  await new Promise((resolve) => notSsh.close(resolve));
});

const opts = () => ({ signal: new AbortController().signal, timeoutMs: 10_000 });
const conn = (fields: Partial<DecryptedConnection> = {}): DecryptedConnection => ({
  id: '00000000-0000-4000-8000-000000000009',
  name: 'files',
  namespace: 'default',
  type: 'sftp',
  username: USER,
  password: PASSWORD,
  insecure_tls: false,
  properties: { host: '127.0.0.1', port: String(peer.port) },
  ...fields,
});
const failure = (c: DecryptedConnection) =>
  testConnection(c, opts()).then(
    () => 'passed',
    (e: Error) => e.message,
  );

describe('sftp connection test', () => {
  it('logs in with the username and password and lists the home folder', async () => {
    const before = peer.logins.length;
    await expect(testConnection(conn(), opts())).resolves.toBeUndefined();
    expect(peer.logins.slice(before)).toEqual([USER]);
  });

  it('takes host and port from an sftp:// url when the properties have none', async () => {
    const before = peer.logins.length;
    await expect(testConnection(conn({ url: `sftp://127.0.0.1:${peer.port}`, properties: {} }), opts())).resolves.toBeUndefined();
    expect(peer.logins.length).toBe(before + 1);
  });

  it('names a refused password without echoing it', async () => {
    const refusedBefore = peer.refused;
    const message = await failure(conn({ password: WRONG }));
    expect(message).toBe(`sftp: 127.0.0.1:${peer.port}: authentication failed for user "${USER}" (the server refused the password)`);
    expect(message).not.toContain(WRONG);
    expect(peer.refused).toBeGreaterThan(refusedBefore);
  });

  it('names a failed handshake', async () => {
    expect(await failure(conn({ properties: { host: '127.0.0.1', port: String(cbcOnly.port) } }))).toBe(
      `sftp: 127.0.0.1:${cbcOnly.port}: SSH handshake failed: no matching C->S cipher`,
    );
    expect(cbcOnly.logins).toEqual([]);
  });

  it('names a refused port, a peer that is not SSH and missing fields', async () => {
    const port = await closedPort();
    expect(await failure(conn({ properties: { host: '127.0.0.1', port: String(port) } }))).toMatch(
      new RegExp(`^sftp: 127\\.0\\.0\\.1:${port}: connect ECONNREFUSED`),
    );
    const other = (notSsh.address() as AddressInfo).port;
    expect(await failure(conn({ properties: { host: '127.0.0.1', port: String(other) } }))).toMatch(
      new RegExp(`^sftp: 127\\.0\\.0\\.1:${other}: SSH protocol error: Connection lost before handshake$`),
    );
    expect(await failure(conn({ properties: {} }))).toBe('the connection has no SFTP host');
    expect(await failure(conn({ username: '' }))).toBe('the connection has no username');
    expect(await failure(conn({ properties: { host: '127.0.0.1', port: 'x' } }))).toBe('sftp: port "x" is not a port number');
  });
});
