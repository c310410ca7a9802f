import type { PersonRef } from '../../../components/data-table';
import { db, type DbList } from '../../../lib/db';
import { visibleColumns } from '../lib/table-rules';
import type { ResourceColumn, ResourceTable } from '../resource-table';

/** One row of a settings list: the `{table}_with_status` columns its visible columns read, creator embedded. */
export interface ResourceListRow {
  id: string;
  name: string;
  source?: string | null;
  schedule?: string | null;
  namespace?: string | null;
  labels?: Record<string, string> | null;
  job_name?: string | null;
  job_status?: string | null;
  job_time_start?: string | null;
  job_details?: Record<string, unknown> | null;
  job_errors?: string[] | null;
  job_last_failed?: string | null;
  created_at?: string;
  updated_at?: string;
  created_by?: PersonRef | null;
}

/** The view columns each list column reads. */
const FIELDS: Record<ResourceColumn, string> = {
  name: 'name',
  source: 'source',
  schedule: 'schedule',
  namespace: 'namespace',
  job_status: 'job_status,job_name,job_details,job_errors',
  last_run: 'job_time_start',
  last_failed: 'job_last_failed',
  tags: 'labels',
  created_at: 'created_at',
  updated_at: 'updated_at',
  created_by: 'created_by(id,name,email,avatar)',
};

/** Columns the list may sort by on the server: the row's own, not the per-row job lookups. */
export const SORTABLE_COLUMNS: ReadonlySet<string> = new Set(['name', 'source', 'schedule', 'namespace', 'created_at', 'updated_at']);

/** The select of a list: id plus what its visible columns read (never the spec, which can be large). */
export function listSelect(columns: readonly ResourceColumn[]): string {
  return ['id', ...columns.map((c) => FIELDS[c])].join(',');
}

/** Query keys of the settings resource pages; lists are never served from cache (staleTime 0 where used). */
export const resourceKeys = {
  all: ['settings-resources'] as const,
  table: (path: string) => ['settings-resources', path] as const,
  list: (path: string, paging: object) => ['settings-resources', path, 'list', paging] as const,
  one: (path: string, id: string) => ['settings-resources', path, 'one', id] as const,
};

export interface ListPaging {
  limit: string;
  offset: string;
  order: string;
}

/** The order with id breaking ties in the same direction (rows saved together share created_at; pages never overlap). */
export function withTieBreak(order: string): string {
  return `${order},id.${order.endsWith('.asc') ? 'asc' : 'desc'}`;
}

/**
 * One page of a table's live rows: GET /{table}_with_status?select=…,created_by(…)&deleted_at=is.null with the
 * order, limit and offset, and the exact total.
 */
export function listResources(
  table: Pick<ResourceTable, 'listRelation' | 'hiddenColumns'>,
  paging: ListPaging,
  signal?: AbortSignal,
): Promise<DbList<ResourceListRow>> {
  return db.get<ResourceListRow>(
    table.listRelation,
    { select: listSelect(visibleColumns(table)), deleted_at: 'is.null', ...paging, order: withTieBreak(paging.order) },
    { count: 'exact', signal },
  );
}
