import type { RbacResource } from '@ops/shared';
import type { z } from 'zod';

/** Who calls the data API: the id goes into server-owned columns, the roles into `can()`. */
export interface Actor {
  id: string;
  roles: readonly string[];
}

/** Write operations a relation may allow; `upsert` covers POST with resolution=… and PUT. */
export type WriteOperation = 'insert' | 'update' | 'delete' | 'upsert';

/** A value the server puts into a column: the caller's id, the transaction time, or a constant. */
export type ServerValue = { kind: 'actor' } | { kind: 'now' } | { kind: 'literal'; value: string | number | boolean | null };

/** When the server sets a server-owned column; a missing side leaves the column untouched then. */
export interface ServerOwnedColumn {
  insert?: ServerValue;
  update?: ServerValue;
}

/** Rows matching `when` (column → value) cannot be changed or deleted; the caller gets 403 `message`. */
export interface RowGuard {
  when: Record<string, string | number | boolean | null>;
  message: string;
}

/** How one relation (table or view) of the public schema is exposed. Unlisted relations do not exist for clients. */
export interface RelationPolicy {
  /** Relation name in the public schema. */
  name: string;
  /** RBAC resource checked for GET/HEAD and for embedding this relation. */
  read: RbacResource;
  /** RBAC resource checked for POST/PATCH/PUT/DELETE; defaults to `read`. */
  write?: RbacResource;
  /** Allowed write operations; empty or missing means read-only. */
  operations?: readonly WriteOperation[];
  /** Validates every written row; PATCH validates with `.partial()`. Errors name the column. */
  schema?: z.ZodObject;
  /** Columns only the server sets; values sent by clients are ignored. */
  serverOwned?: Record<string, ServerOwnedColumn>;
  /** DELETE sets this column to now() instead of deleting (usually 'deleted_at'). */
  softDelete?: string;
  /** Columns that are never selectable, filterable, orderable or writable. */
  hidden?: readonly string[];
  /** Rows that cannot be updated or deleted. */
  guard?: RowGuard;
  /** Columns that hold credentials: masked for callers who cannot write the relation, restored on PATCH. */
  mask?: ColumnMask;
}

/**
 * Credential masking by SQL functions the application defines: `fn(column)` replaces the column in every
 * select, filter and order (also in embeds and CSV) of a caller without write permission; a PATCH writes
 * `restore(new, stored)` so masks sent back keep the stored value.
 */
export interface ColumnMask {
  columns: readonly string[];
  fn: string;
  restore?: string;
}

/** A function callable through `/rpc/<name>`; GET needs read, POST needs write unless the function is STABLE/IMMUTABLE. */
export interface RpcPolicy {
  name: string;
  resource: RbacResource;
}

/** The answer of the engine, independent of the HTTP framework. */
export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

/** One call of the engine: method, target, raw query string, the headers it reads, parsed body and caller. */
export interface RestRequest {
  method: string;
  target: { kind: 'relation' | 'rpc'; name: string };
  rawQuery: string;
  headers: {
    accept?: string;
    prefer?: string;
    range?: string;
    rangeUnit?: string;
  };
  body: unknown;
  actor: Actor | undefined;
}

/** Server-owned value helpers for registry entries: the caller's id, now(), a constant. */
export const ACTOR: ServerValue = { kind: 'actor' };
export const NOW: ServerValue = { kind: 'now' };
export const literal = (value: string | number | boolean | null): ServerValue => ({ kind: 'literal', value });
