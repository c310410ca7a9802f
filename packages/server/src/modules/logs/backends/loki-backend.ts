// The `loki` log backend: GET /loki/api/v1/query_range with direction=backward, times in nanoseconds.
// The LogQL is the selector's query, else a stream selector from its labels, else the spec's query;
// the text filter is a case-insensitive line filter. Pages continue below the oldest line served.
import { createHash } from 'node:crypto';
import type { LokiBackendSpec } from '@ops/shared';
import { badRequest } from '../../../http/errors.js';
import type { BackendContext, LogBackend, LogsPage, LogsPageRequest } from '../log-backend.js';
import { backendFailed } from '../backend-errors.js';
import { buildLine } from '../line-build.js';
import type { LogLine } from '../lines/index.js';
import { fetchJson, resolveEndpoint } from './endpoint.js';

/** Without a start, how far back a Loki query reaches. */
export const LOKI_DEFAULT_WINDOW_MS = 7 * 24 * 3_600_000;

interface LokiAnswer {
  status?: string;
  data?: { resultType?: string; result?: Array<{ stream?: Record<string, string>; values?: Array<[string, string]> }> };
}

interface LokiPosition {
  /** Exclusive end (ns) of the next page. */
  e: string;
  /** Ids of lines at the boundary time already served. */
  s: string[];
}

const ns = (d: Date): bigint => BigInt(d.getTime()) * 1_000_000n;
/** RE2 metacharacters escaped, so the text matches itself. */
const quoteMeta = (s: string): string => s.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
const quote = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The LogQL of a query: selector query, selector labels, or the spec's query; plus the text filter. */
export function lokiQuery(spec: LokiBackendSpec, req: Pick<LogsPageRequest, 'selector' | 'text'>): string {
  const labels = Object.entries(req.selector?.labels ?? {});
  const base = req.selector?.query ?? (labels.length > 0 ? `{${labels.map(([k, v]) => `${k}=${quote(v)}`).join(',')}}` : spec.query);
  if (!base) throw badRequest('spec.loki.query: a LogQL query is required when the log selector gives neither query nor labels');
  return req.text ? `${base} |~ ${quote(`(?i)${quoteMeta(req.text)}`)}` : base;
}

function position(cursor: unknown): LokiPosition | undefined {
  if (cursor === undefined) return undefined;
  const p = cursor as LokiPosition | null;
  if (!p || typeof p.e !== 'string' || !/^\d+$/.test(p.e) || !Array.isArray(p.s)) throw badRequest('cursor: not a Loki position');
  return p;
}

const byTimeDesc = (a: { t: bigint }, b: { t: bigint }) => (a.t === b.t ? 0 : a.t > b.t ? -1 : 1);

/** A Loki backend over the spec's url or connection. */
export function lokiBackend(name: string, spec: LokiBackendSpec, ctx: BackendContext): LogBackend {
  return {
    name,
    async page(req: LogsPageRequest): Promise<LogsPage> {
      const endpoint = await resolveEndpoint(ctx, 'loki', spec);
      const pos = position(req.cursor);
      const end = pos ? BigInt(pos.e) : ns(req.end) + 1n;
      const start = ns(req.start ?? new Date(req.end.getTime() - LOKI_DEFAULT_WINDOW_MS));
      if (end <= start) return { lines: [] };
      const seen = new Set(pos?.s ?? []);
      const limit = req.limit + seen.size;
      const params = new URLSearchParams({
        query: lokiQuery(spec, req),
        start: start.toString(),
        end: end.toString(),
        limit: String(limit),
        direction: 'backward',
      });
      const answer = await fetchJson<LokiAnswer>(
        name,
        `${endpoint.url}/loki/api/v1/query_range?${params}`,
        { headers: { accept: 'application/json', ...endpoint.headers } },
        req.signal,
      );
      if (answer.status !== 'success' || !Array.isArray(answer.data?.result))
        throw backendFailed(name, 'the answer is not a Loki query result');
      if (answer.data.resultType !== 'streams')
        throw backendFailed(name, `the query returned ${answer.data.resultType ?? 'no'} data, not log streams`);
      const found: Array<{ t: bigint; line: LogLine }> = [];
      let received = 0;
      for (const stream of answer.data.result) {
        const labels = stream.stream ?? {};
        const key = JSON.stringify(Object.entries(labels).sort());
        for (const [tsNs, text] of stream.values ?? []) {
          received++;
          if (!/^\d+$/.test(tsNs)) continue;
          const id = `${tsNs}:${createHash('sha1').update(key).update('\n').update(text).digest('hex').slice(0, 16)}`;
          if (seen.has(id)) continue;
          const t = BigInt(tsNs);
          const timestamp = new Date(Number(t / 1_000_000n)).toISOString();
          found.push({ t, line: buildLine(text, 'autodetect', { id, timestamp, labels }) });
        }
      }
      found.sort(byTimeDesc);
      const page = found.slice(0, req.limit);
      const lines = page.map((f) => f.line);
      const oldest = page.at(-1);
      if (received < limit || !oldest) return { lines };
      // Lines of one nanosecond may span pages: keep every id served at the boundary time.
      const earlier = oldest.t + 1n === end ? [...seen] : [];
      const boundary = [...earlier, ...page.filter((f) => f.t === oldest.t).map((f) => f.line.id!)];
      return { lines, cursor: { e: (oldest.t + 1n).toString(), s: boundary } satisfies LokiPosition };
    },
  };
}
