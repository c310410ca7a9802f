import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEntry } from '../../../../test/peers/canary-helpers.js';
import { closedPort, startTcpListener, type TcpPeer } from '../../../../test/peers/tcp-listener.js';
import { hostOfEndpoint, parseHostPort } from './host-port.js';

let peer: TcpPeer;
beforeAll(async () => {
  peer = await startTcpListener();
});
afterAll(() => peer.close());

describe('tcp check', () => {
  it('passes when the port accepts a connection', async () => {
    const before = peer.accepted();
    const r = await runEntry('tcp', { endpoint: `127.0.0.1:${peer.port}`, thresholdMillis: 1000 });
    expect(r).toMatchObject({ pass: true, message: `Successfully opened: 127.0.0.1:${peer.port}` });
    expect(peer.accepted()).toBe(before + 1);
  });

  it('fails with the connection error on a closed port', async () => {
    const r = await runEntry('tcp', { endpoint: `127.0.0.1:${await closedPort()}` });
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/^Connection error: connect ECONNREFUSED/);
  });
});

describe('endpoint parsing', () => {
  it('reads host:port, [v6]:port and icmp hosts', () => {
    expect(parseHostPort('db.example:5432')).toEqual({ host: 'db.example', port: 5432 });
    expect(parseHostPort('[::1]:80')).toEqual({ host: '::1', port: 80 });
    expect(parseHostPort('https://a:80')).toBeUndefined();
    expect(parseHostPort('a:70000')).toBeUndefined();
    expect(hostOfEndpoint('https://github.com')).toBe('github.com');
    expect(hostOfEndpoint('10.0.0.1')).toBe('10.0.0.1');
    expect(hostOfEndpoint('not a host')).toBeUndefined();
  });
});
