// Loopback fakes of the HTTP APIs some checks call: Prometheus' instant query, Alertmanager's v2
// alert list (with matcher filtering) and Elasticsearch/OpenSearch search, answering from fixed data.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ApiFakeData {
  /** PromQL text → vector samples. */
  prometheus?: Record<string, Array<{ metric: Record<string, string>; value: number }>>;
  alerts?: Array<{ labels: Record<string, string>; annotations?: Record<string, string>; fingerprint: string }>;
  /** index → documents; a search returns every document (hits.total = their count). */
  indexes?: Record<string, unknown[]>;
  /** Basic credentials every request must carry, when set. */
  basicAuth?: { username: string; password: string };
}

export interface ApiFakePeer {
  url: string;
  /** Raw query strings of alertmanager requests, for asserting the filters sent. */
  alertQueries: string[];
  close(): Promise<void>;
}

/** Starts the fake on a free loopback port. */
export async function startApiFakes(data: ApiFakeData): Promise<ApiFakePeer> {
  const alertQueries: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (data.basicAuth) {
      const expected = 'Basic ' + Buffer.from(`${data.basicAuth.username}:${data.basicAuth.password}`).toString('base64');
      if (req.headers.authorization !== expected) return send(401, { error: 'unauthorized' });
    }
    req.resume();
    if (url.pathname === '/api/v1/query') {
      const query = url.searchParams.get('query') ?? '';
      const series = data.prometheus?.[query];
      if (!series) return send(400, { status: 'error', errorType: 'bad_data', error: `unknown query ${JSON.stringify(query)}` });
      return send(200, {
        status: 'success',
        data: { resultType: 'vector', result: series.map((s) => ({ metric: s.metric, value: [Date.now() / 1000, String(s.value)] })) },
      });
    }
    if (url.pathname === '/api/v2/alerts') {
      alertQueries.push(url.search);
      const filters = url.searchParams.getAll('filter');
      const alerts = (data.alerts ?? []).filter((a) => filters.every((f) => matches(a.labels, f)));
      return send(
        200,
        alerts.map((a) => ({ ...a, annotations: a.annotations ?? {}, status: { state: 'active' }, startsAt: new Date(0).toISOString() })),
      );
    }
    const search = /^\/([^/]+)\/_search$/.exec(url.pathname);
    if (search && req.method === 'POST') {
      const docs = data.indexes?.[decodeURIComponent(search[1]!)];
      if (!docs) return send(404, { error: { type: 'index_not_found_exception', reason: `no such index [${search[1]}]` }, status: 404 });
      return send(200, {
        took: 1,
        timed_out: false,
        hits: { total: { value: docs.length, relation: 'eq' }, hits: docs.map((d, i) => ({ _id: String(i), _source: d })) },
      });
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    alertQueries,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Alertmanager matchers: name=value, name!=value, name=~regex, name!~regex (value optionally quoted). */
function matches(labels: Record<string, string>, filter: string): boolean {
  const m = /^\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*(.*?)\s*$/.exec(filter);
  if (!m) return false;
  const raw = m[3]!;
  const value = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  const actual = labels[m[1]!] ?? '';
  switch (m[2]) {
    case '=':
      return actual === value;
    case '!=':
      return actual !== value;
    case '=~':
      return new RegExp(`^(?:${value})$`).test(actual);
    default:
      return !new RegExp(`^(?:${value})$`).test(actual);
  }
}
