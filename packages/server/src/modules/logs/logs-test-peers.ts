// Loopback peers for the logs tests that answer the real query APIs from stored lines: Loki's
// query_range (stream selector, line filter, ns times, backward, limit), OpenSearch's _search (range,
// match_phrase, sort desc, size, search_after). Each records the requests it received so tests can check
// what the backend sent. Pod logs come from the shared Kubernetes peer (test/peers/kube-api.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PeerRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface Peer {
  url: string;
  requests: PeerRequest[];
  close(): Promise<void>;
}

type Handler = (req: PeerRequest) => { status: number; body: unknown; type?: string };

async function startPeer(handler: Handler): Promise<Peer> {
  const requests: PeerRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // keep the text
      }
      const received: PeerRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        params: url.searchParams,
        headers: req.headers,
        body,
      };
      requests.push(received);
      const out = handler(received);
      res.writeHead(out.status, { 'content-type': out.type ?? 'application/json' });
      res.end(typeof out.body === 'string' ? out.body : JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface LokiStream {
  labels: Record<string, string>;
  /** [nanoseconds, line], any order. */
  values: Array<[bigint, string]>;
}

/** `{a="b",c="d"} |~ "(?i)text"`: the matchers and the optional case-insensitive filter. */
function parseLogQl(query: string): { matchers: Record<string, string>; filter?: RegExp } | undefined {
  const m = /^\{([^}]*)\}\s*(?:\|~\s*"((?:[^"\\]|\\.)*)")?\s*$/.exec(query);
  if (!m) return undefined;
  const matchers: Record<string, string> = {};
  for (const part of m[1]!.split(',').filter((p) => p.trim())) {
    const kv = /^\s*([\w.]+)\s*=\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(part);
    if (!kv) return undefined;
    matchers[kv[1]!] = kv[2]!.replace(/\\(.)/g, '$1');
  }
  if (m[2] === undefined) return { matchers };
  const pattern = m[2].replace(/\\(["\\])/g, '$1');
  const ci = pattern.startsWith('(?i)');
  return { matchers, filter: new RegExp(ci ? pattern.slice(4) : pattern, ci ? 'i' : '') };
}

/** A Loki answering GET /loki/api/v1/query_range from `streams`; `auth` is the Authorization it demands. */
export function startLoki(streams: LokiStream[], auth?: string): Promise<Peer> {
  return startPeer((req) => {
    if (req.method !== 'GET' || req.path !== '/loki/api/v1/query_range')
      return { status: 404, body: '404 page not found', type: 'text/plain' };
    if (auth && req.headers.authorization !== auth) return { status: 401, body: 'no org id', type: 'text/plain' };
    const q = parseLogQl(req.params.get('query') ?? '');
    if (!q) return { status: 400, body: 'parse error : syntax error', type: 'text/plain' };
    const start = BigInt(req.params.get('start') ?? '0');
    const end = BigInt(req.params.get('end') ?? '0');
    const limit = Number(req.params.get('limit') ?? '100');
    const backward = req.params.get('direction') !== 'forward';
    const entries: Array<{ stream: number; t: bigint; line: string }> = [];
    streams.forEach((s, i) => {
      if (!Object.entries(q.matchers).every(([k, v]) => s.labels[k] === v)) return;
      for (const [t, line] of s.values)
        if (t >= start && t < end && (!q.filter || q.filter.test(line))) entries.push({ stream: i, t, line });
    });
    entries.sort((a, b) => (a.t === b.t ? 0 : (a.t > b.t ? -1 : 1) * (backward ? 1 : -1)));
    const kept = entries.slice(0, limit);
    const result = streams
      .map((s, i) => ({ stream: s.labels, values: kept.filter((e) => e.stream === i).map((e) => [e.t.toString(), e.line]) }))
      .filter((s) => s.values.length > 0);
    return { status: 200, body: { status: 'success', data: { resultType: 'streams', result, stats: {} } } };
  });
}

export interface SearchDoc {
  _id: string;
  _source: Record<string, unknown>;
}

interface SearchBody {
  size?: number;
  sort?: Array<Record<string, { order?: string }>>;
  query?: {
    bool?: { filter?: Array<Record<string, Record<string, unknown>>>; must?: Array<Record<string, Record<string, { query: string }>>> };
  };
  search_after?: number[];
}

const field = (src: Record<string, unknown>, path: string): unknown =>
  path in src ? src[path] : path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], src);

/** An OpenSearch answering POST /{index}/_search from the documents of `index`. */
export function startOpenSearch(index: string, docs: SearchDoc[]): Promise<Peer> {
  return startPeer((req) => {
    if (req.method !== 'POST' || req.path !== `/${index}/_search`)
      return { status: 404, body: { error: { type: 'index_not_found_exception', reason: `no such index [${req.path}]` }, status: 404 } };
    const body = req.body as SearchBody;
    const tsField = Object.keys(body.sort?.[0] ?? {})[0] ?? '@timestamp';
    let hits = docs.map((d) => ({ ...d, t: Date.parse(String(field(d._source, tsField))) }));
    for (const f of body.query?.bool?.filter ?? []) {
      if (f.range) {
        const r = f.range[tsField] as { gte?: string; lte?: string };
        hits = hits.filter((h) => (!r.gte || h.t >= Date.parse(r.gte)) && (!r.lte || h.t <= Date.parse(r.lte)));
      } else if (f.match_phrase) {
        const [k, v] = Object.entries(f.match_phrase)[0]!;
        hits = hits.filter((h) => String(field(h._source, k)) === v);
      } else if (f.query_string) {
        const [k, v] = String((f.query_string as { query: string }).query).split(':');
        hits = hits.filter((h) => String(field(h._source, k!)) === v);
      }
    }
    for (const m of body.query?.bool?.must ?? []) {
      const [k, v] = Object.entries(m.match_phrase ?? {})[0]!;
      hits = hits.filter((h) => String(field(h._source, k)).toLowerCase().includes(v.query.toLowerCase()));
    }
    hits.sort((a, b) => b.t - a.t);
    const total = hits.length;
    if (body.search_after) hits = hits.filter((h) => h.t < body.search_after![0]!);
    const page = hits.slice(0, body.size ?? 10);
    return {
      status: 200,
      body: {
        took: 1,
        hits: {
          total: { value: total, relation: 'eq' },
          hits: page.map((h) => ({ _index: index, _id: h._id, _score: null, _source: h._source, sort: [h.t] })),
        },
      },
    };
  });
}
