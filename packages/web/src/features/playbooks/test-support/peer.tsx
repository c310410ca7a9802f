// Test support for the playbook screens: a loopback HTTP peer answering their calls in the API's shapes (a handler
// per test), its lifecycle for a test file, the layout sizes some screens read, and a render helper with the router,
// the query client and the toaster. The test files pass node:http's createServer in (only tests may import node
// built-ins).
import { permissionMap } from '@ops/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';

export interface PeerRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What a handler answers: a status and a JSON body (after `delayMs`), or undefined to fall through to the defaults. */
export type PeerAnswer = { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number } | undefined;

export interface PeerState {
  roles: string[];
  handle: (req: PeerRequest) => PeerAnswer;
  requests: PeerRequest[];
}

/** An admin, and every call answered by the defaults (empty lists). */
export function emptyPeerState(): PeerState {
  return { roles: ['admin'], handle: () => undefined, requests: [] };
}

/** The parts of node:http's request, response and server the peer uses. */
interface PeerIncoming {
  url?: string | undefined;
  method?: string | undefined;
  on(event: string, listener: (chunk: Uint8Array) => void): unknown;
}
interface PeerOutgoing {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body?: string): unknown;
}
interface PeerServer {
  listen(port: number, host: string, done: () => void): unknown;
  address(): unknown;
  close(done: () => void): unknown;
}
export type CreatePeerServer = (handler: (req: PeerIncoming, res: PeerOutgoing) => void) => PeerServer;

function concat(chunks: Uint8Array[]): string {
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return new TextDecoder().decode(all);
}

/** Starts the peer on a random loopback port; `state` is read per request so each test sets its own. */
export async function startPeer(
  createServer: CreatePeerServer,
  state: () => PeerState,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Uint8Array[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const s = state();
      const url = new URL(req.url ?? '/', 'http://x');
      const text = concat(chunks);
      const request = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: text ? (JSON.parse(text) as unknown) : null,
      };
      s.requests.push(request);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      const answer = s.handle(request);
      if (answer?.delayMs) return void setTimeout(() => send(answer.status, answer.body, answer.headers), answer.delayMs);
      if (answer) return send(answer.status, answer.body, answer.headers);
      if (url.pathname === '/api/auth/whoami')
        return send(200, { user: { id: 'u1', name: 'Test User', email: 't@x' }, roles: s.roles, permissions: permissionMap(s.roles) });
      if (request.method === 'GET' && url.pathname.startsWith('/api/db/')) return send(200, [], { 'content-range': '*/0' });
      if (url.pathname.startsWith('/api/db/')) return send(request.method === 'POST' ? 201 : 200, []);
      return send(404, { error: `no route ${request.method} ${url.pathname}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function Where() {
  const loc = useLocation();
  return <output aria-label="location">{`${loc.pathname}${loc.search}`}</output>;
}

/** Renders `routes` at `path` with a fresh query client, the toaster and the current location as an output. */
export function renderRoutes(path: string, routes: { path: string; element: ReactElement }[]) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Toaster />
        <Where />
        <Routes>
          {routes.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Serves `state()` to the test file: started before its tests with the API client pointed at it, stopped after. */
export function servePeer(createServer: CreatePeerServer, state: () => PeerState, setup: () => void = () => undefined): void {
  let peer: Awaited<ReturnType<typeof startPeer>>;
  beforeAll(async () => {
    setup();
    peer = await startPeer(createServer, state);
    setApiBaseUrl(peer.url);
  });
  afterAll(async () => {
    setApiBaseUrl('');
    await peer.close();
  });
  afterEach(cleanup);
}

/** Sizes for what jsdom does not lay out (src/test/jsdom-shims.ts shims its missing APIs): the log list reads its height. */
export function stubLayout(): void {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
}
