// testConnection's own rules: types without a test, the deadline, the caller's cancel, and secrets
// blanked out of any cause a server echoes back. Peers are loopback sockets started here.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTestable, NotTestableError, redactSecrets, testConnection, type DecryptedConnection } from './index.js';

const SECRET = 'echoed-secret-Kp40';
let silentPort = 0;
let echoBase = '';
const sockets = new Set<net.Socket>();
// Accepts and never answers: what a firewall that drops packets or a hung server looks like.
const silent = net.createServer((s) => {
  sockets.add(s);
  s.on('error', () => undefined);
});
// Answers 400 with the request's own URL and Authorization header in the body, as careless servers do.
const echo = http.createServer((req, res) => {
  res.writeHead(400, { 'content-type': 'text/plain' });
  res.end(`rejected ${req.url ?? ''} ${Buffer.from((req.headers.authorization ?? '').slice(6), 'base64').toString('utf8')}`);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as AddressInfo).port;
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoBase = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await new Promise((resolve) => echo.close(resolve));
});

const conn = (type: string, fields: Partial<DecryptedConnection> = {}): DecryptedConnection => ({
  id: '00000000-0000-4000-8000-000000000008',
  name: 'c',
  namespace: 'default',
  type,
  insecure_tls: false,
  properties: {},
  ...fields,
});

describe('testConnection', () => {
  it('throws NotTestableError for types without a test', async () => {
    for (const type of ['smb', 'aws', 'folder', 'mongo', 'telegram', 'no-such-type']) {
      expect(isTestable(type)).toBe(false);
      await expect(
        testConnection(conn(type, { url: 'x' }), { signal: new AbortController().signal, timeoutMs: 1000 }),
      ).rejects.toBeInstanceOf(NotTestableError);
    }
    expect(isTestable('postgres')).toBe(true);
    expect(isTestable('sftp')).toBe(true);
  });

  it('gives up at the deadline and when the caller cancels', async () => {
    const started = Date.now();
    const c = conn('http', { url: `http://127.0.0.1:${silentPort}/` });
    await expect(testConnection(c, { signal: new AbortController().signal, timeoutMs: 300 })).rejects.toThrow('no answer within 0.3 s');
    expect(Date.now() - started).toBeLessThan(3000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(testConnection(c, { signal: controller.signal, timeoutMs: 10_000 })).rejects.toThrow('the test was cancelled');
  });

  it('blanks the password and secret properties out of the cause, also URL-encoded', async () => {
    const http = conn('http', { url: `${echoBase}/x`, username: 'u', password: SECRET });
    const message = await testConnection(http, { signal: new AbortController().signal, timeoutMs: 5000 }).catch((e: Error) => e.message);
    expect(message).toBe(`GET ${echoBase}/x answered HTTP 400 Bad Request: rejected /x u:***`);
    const hook = conn('generic_webhook', { properties: { webhookUrl: `${echoBase}/hook/${SECRET}/a b` } });
    const hookMessage = await testConnection(hook, { signal: new AbortController().signal, timeoutMs: 5000 }).catch(
      (e: Error) => e.message,
    );
    expect(hookMessage).toBe(`generic webhook: ${echoBase} answered HTTP 400 Bad Request: rejected ***`);
    expect(redactSecrets('short pw ab stays', conn('http', { password: 'ab' }))).toBe('short pw ab stays');
    expect(redactSecrets('p%40ss and p@ss', conn('http', { password: 'p@ss' }))).toBe('*** and ***');
  });
});
