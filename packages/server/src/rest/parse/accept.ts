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
  if (!accept || !accept.trim()) return 'json';
  const entries = accept
    .split(',')
    .map((part, i) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      return { type: type.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((e) => e.type && e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const e of entries) {
    const kind = TYPES[e.type];
    if (kind) return kind;
  }
  throw mediaTypeError(entries.length ? entries.map((e) => e.type) : [accept.trim()]);
}

/** The Content-Type header for a media kind. */
export function contentType(kind: MediaKind): string {
  if (kind === 'csv') return 'text/csv; charset=utf-8';
  if (kind === 'object') return 'application/vnd.pgrst.object+json; charset=utf-8';
  return 'application/json; charset=utf-8';
}
