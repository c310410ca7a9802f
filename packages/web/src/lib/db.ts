import { requestRaw, type QueryParams, type RequestOptions } from './api-client';

export type CountMode = 'exact' | 'planned' | 'estimated';

export interface DbGetOptions extends Pick<RequestOptions, 'signal' | 'headers'> {
  /** Ask for a total (Prefer: count=…); read back from Content-Range. */
  count?: CountMode;
}

export interface DbList<T> {
  data: T[];
  /** Total rows matching the filters, when counted; null when the server did not count. */
  total: number | null;
}

export interface DbWriteOptions extends Pick<RequestOptions, 'signal' | 'headers'> {
  /** Query string filters (e.g. {name: 'eq.foo'}) and on_conflict/columns. */
  params?: QueryParams;
  /** Default true: ask for the written rows back (Prefer: return=representation). */
  returnRows?: boolean;
}

const BASE = '/api/db';

/** Total from a PostgREST Content-Range header ('0-49/1234', '*\/0'); null when '*' or absent. */
export function totalFromContentRange(header: string | null): number | null {
  if (!header) return null;
  const total = header.split('/')[1];
  if (!total || total === '*') return null;
  const n = Number(total);
  return Number.isFinite(n) ? n : null;
}

function prefer(parts: (string | false | undefined)[], headers?: Record<string, string>): Record<string, string> {
  const list = parts.filter((p): p is string => !!p);
  if (headers?.Prefer) list.push(headers.Prefer);
  return list.length ? { ...headers, Prefer: list.join(', ') } : { ...headers };
}

function writeHeaders(opts: DbWriteOptions | undefined): Record<string, string> {
  return prefer([opts?.returnRows === false ? 'return=minimal' : 'return=representation'], opts?.headers);
}

/**
 * The PostgREST-compatible data API (`/api/db`). Params are PostgREST query params, e.g.
 * `db.get('people', {select: 'id,name', order: 'name.asc', limit: 50, offset: 0}, {count: 'exact'})`.
 */
export const db = {
  /** Rows of a table or view, plus the total when `count` is set. */
  async get<T>(relation: string, params?: QueryParams, opts: DbGetOptions = {}): Promise<DbList<T>> {
    const res = await requestRaw<T[]>(`${BASE}/${relation}`, {
      query: params,
      signal: opts.signal,
      headers: prefer([opts.count && `count=${opts.count}`], opts.headers),
    });
    return { data: res.data ?? [], total: totalFromContentRange(res.headers.get('content-range')) };
  },

  /** Insert one row or many; returns the inserted rows (empty with returnRows: false). */
  async post<T>(relation: string, body: unknown, opts?: DbWriteOptions): Promise<T[]> {
    const res = await requestRaw<T[] | null>(`${BASE}/${relation}`, {
      method: 'POST',
      body,
      query: opts?.params,
      signal: opts?.signal,
      headers: writeHeaders(opts),
    });
    return res.data ?? [];
  },

  /** Update rows matching `params` (e.g. {id: `eq.${id}`}); returns the updated rows. */
  async patch<T>(relation: string, params: QueryParams, body: unknown, opts?: Omit<DbWriteOptions, 'params'>): Promise<T[]> {
    const res = await requestRaw<T[] | null>(`${BASE}/${relation}`, {
      method: 'PATCH',
      body,
      query: params,
      signal: opts?.signal,
      headers: writeHeaders(opts),
    });
    return res.data ?? [];
  },

  /** Delete rows matching `params`; returns the deleted rows. */
  async delete<T>(relation: string, params: QueryParams, opts?: Omit<DbWriteOptions, 'params'>): Promise<T[]> {
    const res = await requestRaw<T[] | null>(`${BASE}/${relation}`, {
      method: 'DELETE',
      query: params,
      signal: opts?.signal,
      headers: writeHeaders(opts),
    });
    return res.data ?? [];
  },

  /** The live (not soft-deleted) row of `relation` with this id, or null. */
  async liveById<T>(relation: string, id: string, opts?: Pick<RequestOptions, 'signal'>): Promise<T | null> {
    const res = await db.get<T>(relation, { id: `eq.${id}`, deleted_at: 'is.null', select: '*' }, { signal: opts?.signal });
    return res.data[0] ?? null;
  },

  /** Soft delete: sets the row's deleted_at (the settings tables keep deleted rows). */
  async softDelete(relation: string, id: string): Promise<void> {
    await db.patch(relation, { id: `eq.${id}` }, { deleted_at: new Date().toISOString() }, { returnRows: false });
  },

  /** Call a database function (`/api/db/rpc/{fn}`) with JSON arguments. */
  async rpc<T>(fn: string, args: Record<string, unknown> = {}, opts?: Pick<RequestOptions, 'signal'>): Promise<T> {
    const res = await requestRaw<T>(`${BASE}/rpc/${fn}`, { method: 'POST', body: args, signal: opts?.signal });
    return res.data;
  },
};
