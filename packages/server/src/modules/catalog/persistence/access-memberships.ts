// Writing external_user_groups. A membership belongs to the scraper that reported it: reporting it again
// revives it, and after a complete scrape the scraper's memberships it did not report are soft-deleted.
// Other scrapers' memberships of the same user and group are separate rows and never touched.
import type { MembershipInput } from '../engine/full-mode/access-types.js';
import { resolvePrincipals } from './access-lookup.js';
import type { Queryable } from './queryable.js';

export interface Membership {
  external_user_id: string;
  external_group_id: string;
}

/** Resolve both sides of each membership (unresolvable ones are skipped) and upsert them for `scraperId`. */
export async function writeMemberships(
  q: Queryable,
  inputs: readonly MembershipInput[],
  renamed: { users: ReadonlyMap<string, string>; groups: ReadonlyMap<string, string> },
  scraperId: string | null,
  now: Date,
): Promise<{ rows: Membership[]; skipped: number }> {
  if (inputs.length === 0) return { rows: [], skipped: 0 };
  const users = await resolvePrincipals(
    q,
    'users',
    inputs.map((m) => ({ id: m.external_user_id, aliases: m.external_user_aliases })),
    renamed.users,
  );
  const groups = await resolvePrincipals(
    q,
    'groups',
    inputs.map((m) => ({ id: m.external_group_id, aliases: m.external_group_aliases })),
    renamed.groups,
  );
  const unique = new Map<string, Membership>();
  inputs.forEach((_, i) => {
    const [u, g] = [users[i], groups[i]];
    if (u && g) unique.set(`${u}/${g}`, { external_user_id: u, external_group_id: g });
  });
  const rows = [...unique.values()];
  if (rows.length > 0) {
    await q.query(
      `INSERT INTO external_user_groups (external_user_id, external_group_id, scraper_id, created_at)
       SELECT x.external_user_id, x.external_group_id, $2, $3
       FROM jsonb_to_recordset($1::jsonb) AS x(external_user_id uuid, external_group_id uuid)
       ON CONFLICT (external_user_id, external_group_id, scraper_id) DO UPDATE SET deleted_at = NULL`,
      [JSON.stringify(rows), scraperId, now],
    );
  }
  return { rows, skipped: inputs.filter((_, i) => !users[i] || !groups[i]).length };
}

/** Soft-delete the scraper's live memberships not in `seen`; returns how many. */
export async function pruneMemberships(q: Queryable, scraperId: string, seen: readonly Membership[], now: Date): Promise<number> {
  const res = await q.query(
    `UPDATE external_user_groups m SET deleted_at = $3
     WHERE m.scraper_id = $1 AND m.deleted_at IS NULL AND NOT EXISTS (
       SELECT 1 FROM jsonb_to_recordset($2::jsonb) AS x(external_user_id uuid, external_group_id uuid)
       WHERE x.external_user_id = m.external_user_id AND x.external_group_id = m.external_group_id)`,
    [scraperId, JSON.stringify(seen), now],
  );
  return res.rowCount ?? 0;
}
