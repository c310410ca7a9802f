// Tests run in Node and talk to a real loopback HTTP server, so node:* is fine here (never in app code).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, setApiBaseUrl, setUnauthorizedHandler } from './api-client';
import { ApiError, ForbiddenError, NetworkError, UnauthorizedError } from './api-errors';
import { db } from './db';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

// A real HTTP server on loopback answering each path the way our API does.
const routes: Record<string, Handler> = {
  '/error-field': (_q, r) => json(r, 400, { error: 'name: required', message: 'ignored' }),
  '/message-field': (_q, r) => json(r, 404, { code: 'PGRST205', message: 'relation not found', details: null, hint: null }),
  '/html-500': (_q, r) => (r.writeHead(500, { 'content-type': 'text/html' }), r.end('<html>boom</html>')),
  '/empty-502': (_q, r) => (r.writeHead(502), r.end()),
  '/forbidden': (_q, r) => json(r, 403, { error: 'You do not have permission to access this page', message: 'x' }),
  '/unauthorized': (_q, r) => json(r, 401, { error: 'Unauthorized', message: 'Unauthorized' }),
  '/slow': (_q, r) => setTimeout(() => json(r, 200, { ok: true }), 500),
  '/no-content': (_q, r) => (r.writeHead(204), r.end()),
  '/api/db/people': (q, r) => json(r, 200, [{ id: 1, prefer: q.headers.prefer ?? null, url: q.url }], { 'content-range': '0-0/1234' }),
  '/api/db/uncounted': (_q, r) => json(r, 200, [], { 'content-range': '*/*' }),
};

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => (routes[new URL(req.url ?? '/', 'http://x').pathname] ?? ((_q, r) => json(r, 404, {})))(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setApiBaseUrl(base);
});

afterAll(async () => {
  setApiBaseUrl('');
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => vi.restoreAllMocks());

async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the call to fail');
}

describe('api client error mapping', () => {
  it('prefers the response error field, then message, else the generic text', async () => {
    expect((await failure(api.get('/error-field'))).message).toBe('name: required');
    expect((await failure(api.get('/message-field'))).message).toBe('relation not found');
    const html = await failure(api.get('/html-500'));
    expect(html).toBeInstanceOf(ApiError);
    expect(html.message).toBe('An error occurred.');
    expect((html as ApiError).status).toBe(500);
    expect((await failure(api.get('/empty-502'))).message).toBe('An error occurred.');
  });

  it('throws a ForbiddenError for 403', async () => {
    const err = await failure(api.get('/forbidden'));
    expect(err).toBeInstanceOf(ForbiddenError);
    expect(err.message).toBe('You do not have permission to access this page');
  });

  it('sends any 401 to /auth-state-checker with the current path and search', async () => {
    window.history.pushState({}, '', '/settings/jobs?status=FAILED&page=2');
    const seen: string[] = [];
    setUnauthorizedHandler((returnTo) => seen.push(returnTo));
    expect(await failure(api.get('/unauthorized'))).toBeInstanceOf(UnauthorizedError);
    expect(seen).toEqual(['/settings/jobs?status=FAILED&page=2']);
    // Sign-in calls opt out: a bad password must show its message, not redirect.
    expect(await failure(api.post('/unauthorized', {}, { on401: 'throw' }))).toBeInstanceOf(UnauthorizedError);
    expect(seen).toHaveLength(1);
  });

  it('maps a timeout, a refused connection and being offline to their user-facing texts', async () => {
    const slow = await failure(api.get('/slow', { timeoutMs: 50 }));
    expect(slow).toBeInstanceOf(NetworkError);
    expect(slow.message).toBe('Request timed out. Please try again.');

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    setApiBaseUrl(`http://127.0.0.1:${port}`);
    try {
      expect((await failure(api.get('/anything'))).message).toBe('Network Error. Please try again.');
    } finally {
      setApiBaseUrl(base);
    }

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect((await failure(api.get('/error-field'))).message).toBe('No internet connection. Please try again.');
  });

  it('rethrows a caller abort untouched so queries can be cancelled', async () => {
    const ctrl = new AbortController();
    const p = api.get('/slow', { signal: ctrl.signal });
    ctrl.abort();
    const err = await failure(p);
    expect(err).not.toBeInstanceOf(NetworkError);
    expect(err.name).toBe('AbortError');
  });

  it('returns null for an empty 204 body', async () => {
    expect(await api.delete('/no-content')).toBeNull();
  });
});

describe('db helper', () => {
  it('sends PostgREST params and Prefer count, and reads the total from Content-Range', async () => {
    const res = await db.get<{ prefer: string; url: string }>(
      'people',
      { select: 'id,name', order: 'name.asc', limit: 50, offset: 0, name: undefined },
      { count: 'exact' },
    );
    expect(res.total).toBe(1234);
    expect(res.data[0]?.prefer).toBe('count=exact');
    expect(res.data[0]?.url).toBe('/api/db/people?select=id%2Cname&order=name.asc&limit=50&offset=0');
  });

  it('gives a null total when the server did not count', async () => {
    expect((await db.get('uncounted')).total).toBeNull();
  });
});
