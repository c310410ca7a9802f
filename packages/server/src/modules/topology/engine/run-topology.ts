// One topology run: build the tree (lookups run outside the transaction), then store it in one
// transaction: components, inline canaries, check and config links, soft deletes (only when every lookup
// succeeded) and the roll-up. The caller records it as a job and holds the topology's lease.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { buildTopology } from './build-tree.js';
import type { LookupEnv } from './lookup.js';
import { writeTeamLinks } from './team-links.js';
import { placeComponents, rollUp, softDeleteOthers, upsertComponents } from './persist-components.js';
import {
  lockInlineCanaries,
  selectorCheckLinks,
  syncInlineCanaries,
  writeCheckLinks,
  writeConfigLinks,
  type TopologyRef,
} from './persist-links.js';
import type { TopologyDocument } from './topology-spec.js';

/** Runs producing at least this many components refresh the statistics of what they wrote. */
const ANALYZE_AFTER = 1000;

export interface TopologyRunOutcome {
  /** Components the run produced (the root included). */
  components: number;
  deleted: number;
  errors: string[];
  /** True when every lookup succeeded (only then were components deleted). */
  complete: boolean;
}

export interface RunTopologyOptions {
  db: Kysely<Database>;
  topology: TopologyRef & { agentId: string };
  document: TopologyDocument;
  lookups: Omit<LookupEnv, 'db' | 'namespace'>;
  /** The timeout of inline checks' runs. */
  checkTimeoutMs: number;
}

/** Runs a topology and stores what it produced. */
export async function runTopologyOnce(o: RunTopologyOptions): Promise<TopologyRunOutcome> {
  const built = await buildTopology(o.document, { ...o.lookups, db: o.db, namespace: o.topology.namespace });
  const complete = built.errors.length === 0;
  return o.db.transaction().execute(async (trx) => {
    // The run rolls up once at its end; the link triggers leave this transaction's writes to it.
    await sql`SELECT set_config('ops.topology_run', 'on', true)`.execute(trx);
    await lockInlineCanaries(trx, o.topology.id);
    // The roll-up's lock of this topology, before its components are touched (see components_rollup).
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`components_rollup:${o.topology.id}`}, 0))`.execute(trx);
    await sql`SELECT id FROM topologies WHERE id = ${o.topology.id} FOR UPDATE`.execute(trx);
    const placed = await placeComponents(trx, o.topology.id, built.root);
    await upsertComponents(trx, o.topology.id, o.topology.agentId, placed);
    const deleted = complete
      ? await softDeleteOthers(
          trx,
          o.topology.id,
          placed.map((p) => p.id),
        )
      : 0;
    const inline = await syncInlineCanaries(trx, o.topology, placed, { timeoutMs: o.checkTimeoutMs, removeStale: complete });
    const selected = await selectorCheckLinks(trx, placed);
    await writeCheckLinks(
      trx,
      placed.map((p) => p.id),
      [...inline, ...selected],
    );
    await writeConfigLinks(trx, placed);
    await writeTeamLinks(trx, o.topology.id);
    await sql`SELECT set_config('ops.topology_run', 'off', true)`.execute(trx);
    // A large run can change these tables more than their statistics know (a first run of thousands of
    // components); planned on stale numbers the roll-up's joins turn quadratic.
    if (placed.length >= ANALYZE_AFTER)
      await sql`ANALYZE components, check_component_relationships, config_component_relationships`.execute(trx);
    await rollUp(trx, [o.topology.id]);
    return { components: placed.length, deleted, errors: built.errors, complete };
  });
}
