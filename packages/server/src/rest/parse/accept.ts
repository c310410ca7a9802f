import { mediaTypeError } from '../errors.js';

/** What the response body is: a JSON array, one JSON object, or CSV. */
export type MediaKind = 'json' | 'object' | 'csv';

const TYPES: Record<string, MediaKind> = {
  'application/json': 'json',
  'application/vnd.pgrst.array+json': 'json',
  'application/*': 'json',
  '*/*': 'json',
  'application/vnd.pgrst.object+json': 'object',
  'application/vnd.pgrst.object': 'object',
  'text/csv': 'csv',
};

/** Choose the response media type from `Accept` (highest q first, then header order); none acceptable → 406 PGRST107. */
export function negotiate(accept: string | undefined): MediaKind {
  return negotiateMedia(accept).kind;
}

/**
 * The media type and whether null-valued keys are left out of the JSON objects: PostgREST's
 * `application/vnd.pgrst.array+json;nulls=stripped` (and the object form), as postgrest-js's stripNulls() asks.
 */
export function negotiateMedia(accept: string | undefined): { kind: MediaKind; stripNulls: boolean } {
  if (!accept || !accept.trim()) return { kind: 'json', stripNulls: false };
  const entries = accept
    .split(',')
    .map((part, i) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      const stripNulls = STRIPPABLE.has(type.toLowerCase()) && params.some((p) => p.replace(/\s+/g, '').toLowerCase() === 'nulls=stripped');
      return { type: type.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, i, stripNulls };
    })
    .filter((e) => e.type && e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const e of entries) {
    const kind = TYPES[e.type];
    if (kind) return { kind, stripNulls: e.stripNulls };
  }
  throw mediaTypeError(entries.length ? entries.map((e) => e.type) : [accept.trim()]);
}

const STRIPPABLE = new Set(['application/vnd.pgrst.array+json', 'application/vnd.pgrst.object+json']);

/** A JSON body without the keys whose value is null (values inside arrays stay, as json_strip_nulls does). */
export function stripNulls(body: string): string {
  return JSON.stringify(JSON.parse(body), function (this: unknown, _key, value: unknown) {
    return value === null && !Array.isArray(this) ? undefined : value;
  });
}

/** The Content-Type header for a media kind. */
export function contentType(kind: MediaKind): string {
  if (kind === 'csv') return 'text/csv; charset=utf-8';
  if (kind === 'object') return 'application/vnd.pgrst.object+json; charset=utf-8';
  return 'application/json; charset=utf-8';
}
