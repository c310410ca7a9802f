// The answers of the loopback HTTP peer (test-support/peer.tsx) for the run dialog, parameter and menu tests: the
// calls in the real API's shapes from a state the test sets, recording every request.
//   servePeer(createServer, () => asPeerState(state));
import type { PlaybookListItem, PlaybookParameterWire, ResourceSearchResponse } from '@ops/shared';
import type { PeerAnswer, PeerRequest, PeerState } from '../test-support/peer';

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

/** The peer's view of `s`: the run dialog's, parameters' and menu's calls answered from it, requests recorded in it. */
export function asPeerState(s: PlaybookPeerState): PeerState {
  const handle = (req: PeerRequest): PeerAnswer => {
    const params = /^\/api\/playbook\/([^/]+)\/params$/.exec(req.path);
    if (params) {
      const list = s.params[decodeURIComponent(params[1]!)];
      return list ? { status: 200, body: { params: list } } : { status: 404, body: { error: `playbook ${params[1]} not found` } };
    }
    if (req.path === '/api/resources/search') return { status: 200, body: s.search };
    if (req.path === '/api/playbook/list') return { status: 200, body: s.runnable };
    if (req.path === '/api/playbook/run') return { ...s.run, delayMs: s.runDelayMs };
    if (req.path.startsWith('/api/db/')) return { status: 200, body: s.relations[req.path.slice('/api/db/'.length)] ?? [] };
    return undefined;
  };
  return { roles: s.roles, requests: s.requests, handle };
}

/** A parameter with defaults for what a test does not care about. */
export function param(over: Partial<PlaybookParameterWire> & Pick<PlaybookParameterWire, 'name'>): PlaybookParameterWire {
  return { label: over.name, type: 'text', required: false, ...over };
}
