// The answers of a loopback HTTP peer for the run dialog, parameter and menu tests: the calls in the real API's
// shapes from a state the test sets, recording every request. Only test files may import node:http, so each
// test starts the server itself: `createServer(playbookPeerHandler(() => state))`.
import { permissionMap, type PlaybookListItem, type PlaybookParameterWire, type ResourceSearchResponse } from '@ops/shared';

export interface PeerRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface PlaybookPeerState {
  roles: string[];
  /** Parameters answered by POST /api/playbook/{id}/params, by playbook id (the request body is recorded). */
  params: Record<string, PlaybookParameterWire[]>;
  search: ResourceSearchResponse;
  runnable: PlaybookListItem[];
  relations: Record<string, unknown[]>;
  /** The run call's answer: status and body, after `runDelayMs`. */
  run: { status: number; body: unknown };
  runDelayMs: number;
  requests: PeerRequest[];
}

/** A fresh state: an admin, nothing found, a run that succeeds with run id r-1. */
export function emptyPeerState(): PlaybookPeerState {
  return {
    roles: ['admin'],
    params: {},
    search: { configs: [], components: [], checks: [] },
    runnable: [],
    relations: {},
    run: { status: 200, body: { run_id: 'r-1', starts_at: '2026-01-01T00:00:00Z' } },
    runDelayMs: 0,
    requests: [],
  };
}

/** The parts of Node's request and response the handler uses. */
interface PeerIncoming {
  url?: string | undefined;
  method?: string | undefined;
  setEncoding(encoding: 'utf8'): unknown;
  on(event: 'data', listener: (chunk: string) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
}
interface PeerOutgoing {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body: string): unknown;
}

/** A node:http request listener answering from `state()`, read on every request so tests can change it. */
export function playbookPeerHandler(state: () => PlaybookPeerState) {
  return (req: PeerIncoming, res: PeerOutgoing): void => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c) => void (text += c));
    req.on('end', () => {
      const s = state();
      const url = new URL(req.url ?? '/', 'http://x');
      s.requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: text ? (JSON.parse(text) as unknown) : null,
      });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const params = /^\/api\/playbook\/([^/]+)\/params$/.exec(url.pathname);
      if (url.pathname === '/api/auth/whoami')
        return json(200, { user: { id: 'u1', name: 'Test User', email: 't@x' }, roles: s.roles, permissions: permissionMap(s.roles) });
      if (params) {
        const list = s.params[decodeURIComponent(params[1]!)];
        return list ? json(200, { params: list }) : json(404, { error: `playbook ${params[1]} not found` });
      }
      if (url.pathname === '/api/resources/search') return json(200, s.search);
      if (url.pathname === '/api/playbook/list') return json(200, s.runnable);
      if (url.pathname === '/api/playbook/run') return void setTimeout(() => json(s.run.status, s.run.body), s.runDelayMs);
      const relation = url.pathname.replace(/^\/api\/db\//, '');
      return json(200, s.relations[relation] ?? []);
    });
  };
}

/** A parameter with defaults for what a test does not care about. */
export function param(over: Partial<PlaybookParameterWire> & Pick<PlaybookParameterWire, 'name'>): PlaybookParameterWire {
  return { label: over.name, type: 'text', required: false, ...over };
}

/** jsdom lacks the pointer-capture, scroll, resize and layout APIs Radix Select, Checkbox and CodeMirror call. */
export function installDomShims(): void {
  const empty = { length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] } as unknown as DOMRectList;
  Range.prototype.getClientRects ??= () => empty;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
