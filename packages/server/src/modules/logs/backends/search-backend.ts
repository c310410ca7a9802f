// The `opensearch` and `elasticsearch` log backends: POST {url}/{index}/_search with a bool query (a
// range on the time field, the spec's and selector's query_string, the selector's labels as phrases,
// the text as a phrase on the message field), newest first, paged with search_after.
import type { SearchBackendSpec } from '@ops/shared';
import { badRequest } from '../../../http/errors.js';
import type { BackendContext, LogBackend, LogsPage, LogsPageRequest } from '../log-backend.js';
import { backendFailed } from '../backend-errors.js';
import { buildLine } from '../line-build.js';
import { normalizeSeverity } from '../lines/index.js';
import { fetchJson, resolveEndpoint } from './endpoint.js';

interface SearchHit {
  _id?: string;
  _source?: Record<string, unknown>;
  sort?: unknown[];
}
interface SearchAnswer {
  hits?: { total?: number | { value?: number }; hits?: SearchHit[] };
}

const SEVERITY_FIELDS = ['level', 'log.level', 'severity', 'loglevel'];
const HOST_FIELDS = ['host.name', 'hostname', 'host'];

/** Scalar fields of a document flattened with dots (`kubernetes.pod.name`). */
function flatten(value: unknown, prefix: string, out: Record<string, string>): Record<string, string> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix && value !== null && value !== undefined) out[prefix] = typeof value === 'string' ? value : JSON.stringify(value);
  return out;
}

/** The search request body of one page. */
export function searchBody(
  spec: SearchBackendSpec,
  req: Pick<LogsPageRequest, 'start' | 'end' | 'text' | 'limit' | 'selector'>,
  after?: unknown[],
): Record<string, unknown> {
  const tsField = spec.timestampField ?? '@timestamp';
  const msgField = spec.messageField ?? 'message';
  const range: Record<string, string> = { lte: req.end.toISOString(), format: 'strict_date_optional_time' };
  if (req.start) range.gte = req.start.toISOString();
  const filter: unknown[] = [{ range: { [tsField]: range } }];
  for (const q of [spec.query, req.selector?.query]) if (q) filter.push({ query_string: { query: q } });
  for (const [k, v] of Object.entries(req.selector?.labels ?? {})) filter.push({ match_phrase: { [k]: v } });
  const must = req.text ? [{ match_phrase: { [msgField]: { query: req.text } } }] : [];
  return {
    size: req.limit,
    sort: [{ [tsField]: { order: 'desc' } }],
    track_total_hits: true,
    query: { bool: { filter, must } },
    ...(after ? { search_after: after } : {}),
  };
}

/** An OpenSearch or Elasticsearch backend (both speak the same _search). */
export function searchBackend(
  name: string,
  kind: 'opensearch' | 'elasticsearch',
  spec: SearchBackendSpec,
  ctx: BackendContext,
): LogBackend {
  const tsField = spec.timestampField ?? '@timestamp';
  const msgField = spec.messageField ?? 'message';
  return {
    name,
    async page(req: LogsPageRequest): Promise<LogsPage> {
      if (req.cursor !== undefined && !Array.isArray(req.cursor)) throw badRequest('cursor: not a search position');
      const endpoint = await resolveEndpoint(ctx, kind, spec);
      const answer = await fetchJson<SearchAnswer>(
        name,
        `${endpoint.url}/${encodeURIComponent(spec.index).replace(/%2C/gi, ',').replace(/%2A/gi, '*')}/_search`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...endpoint.headers },
          body: JSON.stringify(searchBody(spec, req, req.cursor as unknown[] | undefined)),
        },
        req.signal,
      );
      const hits = answer.hits?.hits;
      if (!Array.isArray(hits)) throw backendFailed(name, 'the answer is not a search result');
      const lines = hits.map((hit, i) => {
        const fields = flatten(hit._source ?? {}, '', {});
        const message = fields[msgField] ?? '';
        const timestamp = fields[tsField];
        const severity = SEVERITY_FIELDS.map((f) => fields[f]).find(Boolean);
        const host = HOST_FIELDS.map((f) => fields[f]).find(Boolean);
        delete fields[msgField];
        delete fields[tsField];
        const line = buildLine(message, 'autodetect', { id: hit._id ?? `${i}`, timestamp, labels: fields, host });
        if (severity && !line.severity) line.severity = normalizeSeverity(severity);
        return line;
      });
      const total = answer.hits?.total;
      const last = hits.at(-1);
      return {
        lines,
        total: typeof total === 'number' ? total : total?.value,
        ...(hits.length >= req.limit && last?.sort ? { cursor: last.sort } : {}),
      };
    },
  };
}
