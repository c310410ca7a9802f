// Persisting a scrape's access entities inside the save transaction, after its items are written (so
// records can reference them): users, groups and roles first (merging the stored entities they bridge),
// then memberships, access records and access logs pointed at the surviving entities.
import { isUuid, type ExternalConfigRef } from '../engine/full-mode/access-types.js';
import type { AccessEntities } from '../engine/index.js';
import { syncEntities } from './access-entities.js';
import { pruneMemberships, writeMemberships } from './access-memberships.js';
import { writeAccessLogs, writeConfigAccess, type ConfigResolver } from './access-records.js';
import type { Queryable } from './queryable.js';
import type { Ref } from './refs.repository.js';

// Advisory lock key of access saves (any constant unused elsewhere).
const ACCESS_LOCK = 727_275;

/** What saving access entities did. */
export interface AccessCounts {
  users: number;
  groups: number;
  roles: number;
  /** Stored entities merged into another one. */
  merged: number;
  memberships: number;
  memberships_deleted: number;
  config_access: number;
  access_logs: number;
  /** Entities and records that could not be saved (no id or alias, unknown item or principal). */
  skipped: number;
}

/** Counts of a save that stored no access entities. */
export function noAccess(): AccessCounts {
  return { users: 0, groups: 0, roles: 0, merged: 0, memberships: 0, memberships_deleted: 0, config_access: 0, access_logs: 0, skipped: 0 };
}

export interface AccessSave {
  scraperId: string | null;
  now: Date;
  /** Item ids for `{type, external_id}` references (this scrape's items first). */
  lookup: (refs: Ref[]) => Promise<(string | undefined)[]>;
  /** Soft-delete the scraper's memberships it did not report (complete, non-incremental scrapes only). */
  prune: boolean;
}

/** Save `entities` for a scraper; see the file comment for the order. */
export async function saveAccess(q: Queryable, entities: AccessEntities, opts: AccessSave): Promise<AccessCounts> {
  const { scraperId, now } = opts;
  // Merging reads overlapping entities and then rewrites them: concurrent saves (of other scrapers) that
  // bring entities wait for this transaction, so two of them cannot each create half of one entity.
  if (Object.values(entities).some((list) => list.length > 0)) await q.query('SELECT pg_advisory_xact_lock($1)', [ACCESS_LOCK]);
  const users = await syncEntities(q, 'users', entities.external_users, scraperId, now);
  const groups = await syncEntities(q, 'groups', entities.external_groups, scraperId, now);
  const roles = await syncEntities(q, 'roles', entities.external_roles, scraperId, now);
  const renamed = { users: users.renamed, groups: groups.renamed, roles: roles.renamed };
  const members = await writeMemberships(q, entities.external_user_groups, renamed, scraperId, now);
  const ctx = { scraperId, now, renamed, resolveConfigs: configResolver(q, opts.lookup) };
  const access = await writeConfigAccess(q, entities.config_access, ctx);
  const logs = await writeAccessLogs(q, entities.access_logs, ctx);
  const pruned = opts.prune && scraperId ? await pruneMemberships(q, scraperId, members.rows, now) : 0;
  return {
    users: users.saved,
    groups: groups.saved,
    roles: roles.saved,
    merged: users.merged + groups.merged + roles.merged,
    memberships: members.rows.length,
    memberships_deleted: pruned,
    config_access: access.saved,
    access_logs: logs.saved,
    skipped: users.skipped + groups.skipped + roles.skipped + members.skipped + access.skipped + logs.skipped,
  };
}

// Item ids for records: a config UUID that exists, else the `{config_type, external_id}` reference.
function configResolver(q: Queryable, lookup: AccessSave['lookup']): ConfigResolver {
  return async (records) => {
    const direct = records.map((r) => [r.config_id, r.external_config_id?.config_id].find(isUuid));
    const known = new Set(
      (
        await q.query<{ id: string }>('SELECT id FROM config_items WHERE id = ANY($1::uuid[])', [
          [...new Set(direct.filter((id): id is string => !!id))],
        ])
      ).rows.map((r) => r.id),
    );
    const byRef = records.map((r, i) => ({ i, ref: r.external_config_id })).filter((x) => !(direct[x.i] && known.has(direct[x.i]!)));
    const found = await lookup(byRef.map((x) => refOf(x.ref)));
    const out = direct.map((id) => (id && known.has(id) ? id : undefined));
    byRef.forEach((x, k) => (out[x.i] = found[k]));
    return out;
  };
}

const refOf = (ref: ExternalConfigRef | undefined): Ref => ({ type: ref?.config_type ?? '', external_id: ref?.external_id ?? '' });
