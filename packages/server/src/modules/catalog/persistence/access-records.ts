// Writing config_access (who may access an item) and config_access_logs (who did). Principals named only
// by aliases nobody has yet become new entities named after their first alias, so the record is kept.
import { createHash } from 'node:crypto';
import { isUuid, type AccessLog, type ConfigAccess, type ExternalConfigRef } from '../engine/full-mode/access-types.js';
import { syncEntities } from './access-entities.js';
import { cleanAliases, resolvePrincipals, type EntityKind, type PrincipalRef } from './access-lookup.js';
import type { Queryable } from './queryable.js';

/** The item ids of access records' config references, in input order. */
export type ConfigResolver = (refs: { config_id?: string; external_config_id?: ExternalConfigRef }[]) => Promise<(string | undefined)[]>;

export interface RecordContext {
  scraperId: string | null;
  now: Date;
  renamed: Record<EntityKind, ReadonlyMap<string, string>>;
  resolveConfigs: ConfigResolver;
}

const date = (v: unknown): Date | undefined => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v) : undefined);

// Ids for refs of one kind; undefined refs stay undefined, unknown aliases get a stub entity.
async function principals(q: Queryable, kind: EntityKind, refs: (PrincipalRef | undefined)[], ctx: RecordContext) {
  const named = refs.flatMap((r, i) => (r && (r.id || cleanAliases(r.aliases).length) ? [{ i, r }] : []));
  const found = await resolvePrincipals(
    q,
    kind,
    named.map((n) => n.r),
    ctx.renamed[kind],
  );
  const missing = named.filter((n, k) => !found[k] && cleanAliases(n.r.aliases).length > 0);
  if (missing.length > 0) {
    const stubs = missing.map((n) => ({ name: cleanAliases(n.r.aliases)[0]!, aliases: cleanAliases(n.r.aliases) }));
    await syncEntities(q, kind, stubs, ctx.scraperId, ctx.now);
    const again = await resolvePrincipals(
      q,
      kind,
      missing.map((n) => n.r),
    );
    missing.forEach((n, k) => (found[named.indexOf(n)] = again[k]));
  }
  const out: (string | undefined | null)[] = refs.map(() => null);
  named.forEach((n, k) => (out[n.i] = found[k]));
  // null: nothing named; undefined: named but not found.
  return out;
}

const ref = (id: string | undefined, aliases: string[] | undefined): PrincipalRef | undefined =>
  id || aliases?.length ? { id, aliases } : undefined;

/** Upsert access records; one live row per (item, user, group, role), found by that tuple before by id. */
export async function writeConfigAccess(q: Queryable, access: readonly ConfigAccess[], ctx: RecordContext) {
  if (access.length === 0) return { saved: 0, skipped: 0 };
  const configs = await ctx.resolveConfigs([...access]);
  const users = await principals(
    q,
    'users',
    access.map((a) => ref(a.external_user_id, a.external_user_aliases)),
    ctx,
  );
  const groups = await principals(
    q,
    'groups',
    access.map((a) => ref(a.external_group_id, a.external_group_aliases)),
    ctx,
  );
  const roles = await principals(
    q,
    'roles',
    access.map((a) => ref(a.external_role_id, a.external_role_aliases)),
    ctx,
  );
  const byTuple = new Map<string, Record<string, unknown>>();
  access.forEach((a, i) => {
    const [config_id, u, g, r] = [configs[i], users[i], groups[i], roles[i]];
    if (!config_id || u === undefined || g === undefined || r === undefined || (!u && !g && !r)) return;
    const tuple = [config_id, u ?? '', g ?? '', r ?? ''].join('/');
    byTuple.set(tuple, {
      id: a.id || tupleId(tuple),
      config_id,
      external_user_id: u,
      external_group_id: g,
      external_role_id: r,
      application_id: isUuid(a.application_id) ? a.application_id : null,
      source: a.source ?? null,
      created_at: date(a.created_at) ?? ctx.now,
      deleted_at: date(a.deleted_at) ?? null,
    });
  });
  const rows = await adoptLiveIds(q, [...byTuple.values()]);
  if (rows.length > 0) {
    await q.query(
      `INSERT INTO config_access AS c (id, config_id, external_user_id, external_group_id, external_role_id, scraper_id,
         application_id, source, created_at, updated_at, deleted_at)
       SELECT x.id, x.config_id, x.external_user_id, x.external_group_id, x.external_role_id, $2, x.application_id, x.source,
         x.created_at, $3, x.deleted_at
       FROM jsonb_to_recordset($1::jsonb) AS x(id text, config_id uuid, external_user_id uuid, external_group_id uuid,
         external_role_id uuid, application_id uuid, source text, created_at timestamptz, deleted_at timestamptz)
       ON CONFLICT (id) DO UPDATE SET config_id = EXCLUDED.config_id, external_user_id = EXCLUDED.external_user_id,
         external_group_id = EXCLUDED.external_group_id, external_role_id = EXCLUDED.external_role_id,
         application_id = coalesce(EXCLUDED.application_id, c.application_id), source = coalesce(EXCLUDED.source, c.source),
         updated_at = $3, deleted_at = EXCLUDED.deleted_at`,
      [JSON.stringify(rows), ctx.scraperId, ctx.now],
    );
  }
  return { saved: rows.length, skipped: access.length - byTuple.size };
}

// A stable id for records the source gives none: the same grant maps to the same row on every scrape.
function tupleId(tuple: string): string {
  const h = createHash('sha256').update(tuple).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

// Rows whose tuple already has a live record take that record's id (and duplicates by id collapse).
async function adoptLiveIds(q: Queryable, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return rows;
  const res = await q.query<{ i: number; id: string }>(
    `SELECT x.i, c.id FROM jsonb_to_recordset($1::jsonb) AS x(i int, config_id uuid, external_user_id uuid, external_group_id uuid, external_role_id uuid)
     JOIN config_access c ON c.deleted_at IS NULL AND c.config_id = x.config_id
       AND c.external_user_id IS NOT DISTINCT FROM x.external_user_id AND c.external_group_id IS NOT DISTINCT FROM x.external_group_id
       AND c.external_role_id IS NOT DISTINCT FROM x.external_role_id`,
    [JSON.stringify(rows.map((r, i) => ({ ...r, i })))],
  );
  for (const r of res.rows) rows[r.i]!.id = r.id;
  return [...new Map(rows.map((r) => [r.id, r])).values()];
}

/** Upsert access logs: a newer report adds its count and replaces mfa and properties; a repeat changes nothing. */
export async function writeAccessLogs(q: Queryable, logs: readonly AccessLog[], ctx: RecordContext) {
  if (logs.length === 0) return { saved: 0, skipped: 0 };
  const configs = await ctx.resolveConfigs([...logs]);
  const users = await principals(
    q,
    'users',
    logs.map((l) => ref(l.external_user_id, l.external_user_aliases)),
    ctx,
  );
  const byKey = new Map<
    string,
    { config_id: string; external_user_id: string; created_at: Date; first: Date; mfa: boolean; count: number; properties: unknown }
  >();
  logs.forEach((l, i) => {
    const [config_id, user] = [configs[i], users[i]];
    if (!config_id || !user) return;
    const at = date(l.created_at) ?? ctx.now;
    const entry = {
      config_id,
      external_user_id: user,
      created_at: at,
      first: at,
      mfa: l.mfa ?? false,
      count: l.count ?? 1,
      properties: l.properties ?? null,
    };
    const prior = byKey.get(`${config_id}/${user}`);
    const latest = !prior || at >= prior.created_at ? entry : prior;
    byKey.set(
      `${config_id}/${user}`,
      prior ? { ...latest, count: prior.count + entry.count, first: prior.first < at ? prior.first : at } : entry,
    );
  });
  if (byKey.size > 0) {
    await q.query(
      `INSERT INTO config_access_logs AS l (config_id, external_user_id, scraper_id, created_at, first_observed, mfa, count, properties)
       SELECT x.config_id, x.external_user_id, $2, x.created_at, x.first, x.mfa, x.count, x.properties
       FROM jsonb_to_recordset($1::jsonb) AS x(config_id uuid, external_user_id uuid, created_at timestamptz, first timestamptz,
         mfa boolean, count int, properties jsonb)
       ON CONFLICT (config_id, external_user_id, scraper_id) DO UPDATE SET
         count = CASE WHEN EXCLUDED.created_at > l.created_at THEN l.count + EXCLUDED.count ELSE l.count END,
         mfa = CASE WHEN EXCLUDED.created_at > l.created_at THEN EXCLUDED.mfa ELSE l.mfa END,
         properties = CASE WHEN EXCLUDED.created_at > l.created_at THEN EXCLUDED.properties ELSE l.properties END,
         created_at = greatest(l.created_at, EXCLUDED.created_at),
         first_observed = least(l.first_observed, EXCLUDED.first_observed)`,
      [JSON.stringify([...byKey.values()]), ctx.scraperId],
    );
  }
  return { saved: byKey.size, skipped: logs.length - byKey.size };
}
