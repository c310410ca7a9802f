// A real loopback HTTP server answers the test endpoint as the API does, so the whole path (api client,
// error mapping, toast text) is exercised; node:* is fine in tests, never in app code.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client';
import { TEST_MESSAGES, testConnection } from './test-connection';

const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

// The answer for each connection id, as the test route gives them.
const ANSWERS: Record<string, (res: ServerResponse) => void> = {
  ok: (r) => json(r, 200, { message: 'ok' }),
  refused: (r) => json(r, 400, { error: 'connection test failed', message: 'connect ECONNREFUSED 127.0.0.1:1' }),
  bare: (r) => json(r, 400, { error: 'password authentication failed for user "x"' }),
  text400: (r) => (r.writeHead(400, { 'content-type': 'text/plain' }), r.end('nope')),
  unsupported: (r) => json(r, 501, { error: 'not implemented', message: 'We currently do not support testing this connection type' }),
  missing: (r) => json(r, 404, { error: 'connection not found' }),
  broken: (r) => json(r, 500, { error: 'boom' }),
};

let server: Server;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const id = decodeURIComponent((req.url ?? '').replace('/api/connection/test/', ''));
    (ANSWERS[id] ?? ANSWERS.missing!)(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  setApiBaseUrl('');
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('testConnection', () => {
  it("posts to /api/connection/test/{id} and says 'Connection successful' on a 200", async () => {
    expect(await testConnection('ok')).toEqual({ ok: true, message: TEST_MESSAGES.ok });
    expect(seen).toContain('POST /api/connection/test/ok');
  });

  it('shows the cause a 400 carries: its message, else its error, else the generic text', async () => {
    expect(await testConnection('refused')).toEqual({ ok: false, message: 'connect ECONNREFUSED 127.0.0.1:1' });
    expect(await testConnection('bare')).toEqual({ ok: false, message: 'password authentication failed for user "x"' });
    expect(await testConnection('text400')).toEqual({ ok: false, message: TEST_MESSAGES.failed });
  });

  it("says the type cannot be tested on a 501 and 'Testing connection failed!' otherwise", async () => {
    expect(await testConnection('unsupported')).toEqual({ ok: false, message: TEST_MESSAGES.notImplemented });
    expect(await testConnection('missing')).toEqual({ ok: false, message: TEST_MESSAGES.failed });
    expect(await testConnection('broken')).toEqual({ ok: false, message: TEST_MESSAGES.failed });
  });
});
