// Teams own components by the `components` selectors of their Team spec (name with `*`, type(s),
// namespace, labelSelector, labels). A run links its components to the teams whose selectors match them;
// links made by hand (selector_id 'manual') stay.
import { MANUAL_COMPONENT_LINK } from '@ops/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { mapRequirements, parseLabelSelector, requirementsSql } from '../../../db/label-selector.js';
import { nameSql, selectorId } from './selectors.js';

interface ComponentSelector {
  name?: string;
  type?: string;
  types?: string[];
  namespace?: string;
  labelSelector?: string;
  labels?: Record<string, string>;
}

const isSelector = (v: unknown): v is ComponentSelector => !!v && typeof v === 'object' && !Array.isArray(v);

/** The condition a selector puts on `components c`; undefined for an empty selector (it would match all). */
function selectorSql(s: ComponentSelector): RawBuilder<boolean> | undefined {
  const conds: RawBuilder<boolean>[] = [];
  const types = [...(s.type ? [s.type] : []), ...(Array.isArray(s.types) ? s.types : [])];
  if (typeof s.name === 'string' && s.name) conds.push(nameSql(sql`c.name`, s.name));
  if (types.length) conds.push(sql<boolean>`c.type = ANY(${types}::text[])`);
  if (typeof s.namespace === 'string' && s.namespace) conds.push(sql<boolean>`c.namespace = ${s.namespace}`);
  const reqs = [...(typeof s.labelSelector === 'string' ? parseLabelSelector(s.labelSelector) : []), ...mapRequirements(s.labels)];
  if (reqs.length) conds.push(requirementsSql(sql`c.labels`, reqs));
  return conds.length ? sql<boolean>`(${sql.join(conds, sql` AND `)})` : undefined;
}

/** Make the team links of the topology's live components follow the live teams' component selectors. */
export async function writeTeamLinks(db: Kysely<Database>, topologyId: string): Promise<void> {
  const { rows: teams } = await sql<{ id: string; components: unknown }>`
    SELECT id, spec -> 'components' AS components FROM teams
    WHERE deleted_at IS NULL AND jsonb_typeof(spec -> 'components') = 'array'`.execute(db);
  const wanted: Array<{ team_id: string; component_id: string; selector_id: string }> = [];
  for (const team of teams) {
    for (const s of (team.components as unknown[]).filter(isSelector)) {
      let cond: RawBuilder<boolean> | undefined;
      try {
        cond = selectorSql(s);
      } catch {
        continue; // A label selector that does not parse matches nothing (the team's spec is the team's to fix).
      }
      if (!cond) continue;
      const { rows } = await sql<{ id: string }>`
        SELECT c.id FROM components c WHERE c.topology_id = ${topologyId} AND c.deleted_at IS NULL AND ${cond}`.execute(db);
      const sid = `team:${selectorId(s)}`;
      for (const r of rows) wanted.push({ team_id: team.id, component_id: r.id, selector_id: sid });
    }
  }
  const json = JSON.stringify(wanted);
  await sql`
    DELETE FROM team_components tc USING components c
    WHERE c.id = tc.component_id AND c.topology_id = ${topologyId} AND tc.selector_id <> ${MANUAL_COMPONENT_LINK}
      AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${json}::jsonb) AS x(team_id uuid, component_id uuid, selector_id text)
                      WHERE x.team_id = tc.team_id AND x.component_id = tc.component_id AND x.selector_id = tc.selector_id)`.execute(db);
  if (wanted.length === 0) return;
  await sql`
    INSERT INTO team_components (team_id, component_id, selector_id)
    SELECT x.team_id, x.component_id, x.selector_id FROM jsonb_to_recordset(${json}::jsonb) AS x(team_id uuid, component_id uuid, selector_id text)
    ON CONFLICT DO NOTHING`.execute(db);
}
