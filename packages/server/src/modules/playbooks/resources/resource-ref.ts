// The resource a run is for, as templates and CEL see it: a config item as its `configs` row plus its
// config JSON, a component row, or a check row with its canary (the check's spec stays out: it may hold secrets).
import type { PlaybookResourceRef } from '@ops/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { notFound } from '../../../http/errors.js';
import { KINDS, refTarget, type ResourceKind, type ResourceLookup } from './resource-kinds.js';

export interface RunResource {
  config?: Record<string, unknown>;
  component?: Record<string, unknown>;
  check?: Record<string, unknown>;
}

type Row = { row: Record<string, unknown> };

// Each statement names its table `r` (and a check's canary `cn`), as KINDS' `live` condition expects.
const ROW_SQL: Record<ResourceKind, (id: string) => RawBuilder<Row>> = {
  config: (id) => sql<Row>`
    SELECT to_jsonb(c) || jsonb_build_object('config', r.config, 'format', r.format, 'properties', r.properties) AS row
    FROM configs c JOIN config_items r ON r.id = c.id
    WHERE c.id = ${id}::uuid`,
  component: (id) => sql<Row>`
    SELECT to_jsonb(r) AS row FROM components r WHERE r.id = ${id}::uuid`,
  check: (id) => sql<Row>`
    SELECT (to_jsonb(r) - 'spec') || jsonb_build_object(
             'canary_name', cn.name,
             'canary', jsonb_build_object('id', cn.id, 'name', cn.name, 'namespace', cn.namespace, 'labels', cn.labels)) AS row
    FROM checks r JOIN canaries cn ON cn.id = r.canary_id
    WHERE r.id = ${id}::uuid`,
};

const WHAT: Record<ResourceKind, string> = { config: 'config item', component: 'component', check: 'check' };

/**
 * One live resource row as templates see it, or undefined when there is none with that id. With `deleted`, a
 * soft-deleted row counts too (a run triggered by config.deleted is about the item that went).
 */
export async function loadResourceRow(
  db: Kysely<Database>,
  kind: ResourceKind,
  id: string,
  { deleted = false }: ResourceLookup = {},
): Promise<Record<string, unknown> | undefined> {
  const { rows } = await sql<Row>`${ROW_SQL[kind](id)} AND (${deleted} OR ${KINDS[kind].live})`.execute(db);
  return rows[0]?.row;
}

/** The resource of a run reference; 404 naming the field and id when it does not exist (or was deleted). */
export async function loadRunResource(db: Kysely<Database>, ref: PlaybookResourceRef, lookup: ResourceLookup = {}): Promise<RunResource> {
  const target = refTarget(ref);
  if (!target) return {};
  const row = await loadResourceRow(db, target.kind, target.id, lookup);
  if (!row) throw notFound(`${target.kind}_id: no ${WHAT[target.kind]} with id ${target.id}`);
  return { [target.kind]: row };
}
