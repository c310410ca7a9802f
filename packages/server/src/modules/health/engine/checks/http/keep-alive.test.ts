// HTTP checks keep their connections open between runs (keep-alive), still read the peer certificate on
// a reused TLS connection, and send a GET again on a new connection when the target closed the idle one.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DurationValue } from '../../values/duration-value.js';
import { runEntry } from '../../../../../test/peers/canary-helpers.js';
import { startHttpbin, type HttpbinPeer } from '../../../../../test/peers/httpbin.js';

let peer: HttpbinPeer;
let target: http.Server;
let url = '';
let connections = 0;
// When set, the target drops every connection on its second request without answering, as a server
// does that closes an idle keep-alive connection just as the client reuses it.
let dropReused = false;

beforeAll(async () => {
  peer = await startHttpbin();
  target = http.createServer((req, res) => {
    const socket = req.socket as typeof req.socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    if (dropReused && socket.served > 1) return void socket.destroy();
    res.end('ok');
  });
  target.on('connection', () => connections++);
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/ping`;
});
afterAll(async () => {
  target.closeAllConnections();
  await new Promise((r) => target.close(r));
  await peer.close();
});

describe('http check connections', () => {
  it('reuses one connection for runs in a row against the same target', async () => {
    connections = 0;
    for (let i = 0; i < 5; i++) expect(await runEntry('http', { url })).toMatchObject({ pass: true });
    expect(connections).toBe(1);
  });

  it('reads the certificate on a reused TLS connection', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await runEntry('http', { url: `${peer.httpsUrl}/status/200`, maxSSLExpiry: 7 }, { extraCACerts: [peer.ca] });
      expect(r).toMatchObject({ pass: true });
      expect((r.data.sslAge as DurationValue).ms / 86_400_000).toBeGreaterThan(364);
    }
  });

  it('sends a GET again on a new connection when the reused one was closed', async () => {
    dropReused = true;
    connections = 0;
    try {
      expect(await runEntry('http', { url })).toMatchObject({ pass: true });
      expect(await runEntry('http', { url })).toMatchObject({ pass: true });
      expect(connections).toBe(2);
      // A POST is not repeated: the target may have acted on it.
      expect(await runEntry('http', { url, method: 'POST', body: 'x' })).toMatchObject({ pass: false });
    } finally {
      dropReused = false;
    }
  });
});
