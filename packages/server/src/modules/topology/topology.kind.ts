// `Topology` (canaries.flanksource.com/v1) in `POST /api/resources/apply`, `ops apply` and `ops get
// topologies`: the document is validated by the engine (errors name the field), stored in topologies and
// scheduled; a new or changed topology runs at once (its schedule row says "now"), then on its schedule.
import { CANARY_API_VERSION } from '@ops/shared';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { softDeleteCanary, syncCanary } from '../health/index.js';
import type { Principal } from '../identity/index.js';
import {
  listTopologies,
  parseTopology,
  softDeleteTopology,
  topologyByName,
  topologySource,
  TopologyValidationError,
  TOPOLOGY_KIND,
  upsertTopology,
  type TopologyDocument,
  type TopologyRow,
} from './engine/index.js';
import { syncTopology } from './topology.service.js';

// Field paths of messages (`spec.components[0].name`) as zod issue paths.
function pathSegments(path: string): Array<string | number> {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));
}

const topologyDocumentSchema = z.unknown().transform((value, ctx): TopologyDocument => {
  try {
    return parseTopology(value).document;
  } catch (err) {
    if (!(err instanceof TopologyValidationError)) throw err;
    for (const i of err.issues) ctx.addIssue({ code: 'custom', message: i.message, path: pathSegments(i.path) });
    return z.NEVER;
  }
});

function toResource(t: TopologyRow, schedule: string | undefined) {
  return {
    apiVersion: CANARY_API_VERSION,
    kind: TOPOLOGY_KIND,
    metadata: {
      name: t.name,
      namespace: t.namespace,
      ...(Object.keys(t.labels ?? {}).length ? { labels: t.labels } : {}),
      uid: t.id,
      createdAt: new Date(t.created_at).toISOString(),
      updatedAt: new Date(t.updated_at).toISOString(),
    },
    spec: t.spec,
    status: { schedule: schedule ?? (typeof t.spec.schedule === 'string' ? t.spec.schedule : ''), source: t.source },
  };
}

/** The Topology kind for the apply registry (resources/kinds.ts wraps it with defineKind). */
export function topologyKind(ctx: AppContext) {
  const timeoutMs = ctx.config.OPS_CHECK_TIMEOUT_SECONDS * 1000;
  return {
    kind: TOPOLOGY_KIND,
    apiVersions: [CANARY_API_VERSION],
    aliases: ['topology', 'topologies'],
    resource: 'topologies' as const,
    namespaced: true,
    supported: true as const,
    schema: topologyDocumentSchema as unknown as z.ZodType<TopologyDocument>,
    columns: [
      { header: 'SCHEDULE', path: 'status.schedule' },
      { header: 'SOURCE', path: 'status.source' },
      { header: 'UPDATED', path: 'metadata.updatedAt' },
    ],
    async apply(doc: TopologyDocument, principal: Principal, db: Kysely<Database>) {
      const { metadata, spec } = parseTopology(doc).document;
      const { id, action } = await upsertTopology(
        db,
        {
          name: metadata.name,
          namespace: metadata.namespace,
          spec: spec as Record<string, unknown>,
          labels: metadata.labels,
          icon: typeof spec.icon === 'string' ? spec.icon : null,
          source: 'apply',
        },
        principal.id,
      );
      if (action !== 'unchanged') await syncTopology(db, id);
      return { kind: TOPOLOGY_KIND, name: metadata.name, namespace: metadata.namespace, id, action };
    },
    async list(db: Kysely<Database>, query: { namespace?: string; limit: number; offset: number }) {
      return (await listTopologies(db, query)).map((t) => toResource(t, undefined));
    },
    async get(db: Kysely<Database>, name: string, namespace?: string) {
      const t = await topologyByName(db, namespace ?? 'default', name);
      return t && toResource(t, undefined);
    },
    async delete(db: Kysely<Database>, name: string, namespace: string | undefined) {
      const t = await topologyByName(db, namespace ?? 'default', name);
      if (!t || !(await softDeleteTopology(db, t.id))) return false;
      await syncTopology(db, t.id);
      // Its inline canaries go with it.
      const { rows } = await sql<{ id: string }>`
        SELECT id FROM canaries WHERE source = ${topologySource(t.id)} AND deleted_at IS NULL`.execute(db);
      for (const r of rows) {
        await softDeleteCanary(db, r.id);
        await syncCanary(db, r.id, { now: new Date(), timeoutMs });
      }
      return true;
    },
  };
}
