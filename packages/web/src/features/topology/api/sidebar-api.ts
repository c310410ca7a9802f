import { SIDEBAR_PANEL_PAGE_SIZE } from '@ops/shared';
import { db, type DbList } from '../../../lib/db';

/** A check linked to a component (checks_by_component). */
export interface ComponentCheck {
  check_id: string;
  name: string;
  type: string;
  status: string;
  icon: string | null;
}

/** A team owning a component, with the team's name and icon. */
export interface ComponentTeam {
  team_id: string;
  name: string;
  icon: string | null;
}

/** A config item linked to a component; `manual` links are the ones a writer may remove. */
export interface LinkedConfig {
  config_id: string;
  selector_id: string;
  config: { id: string; name: string | null; type: string | null; health: string | null; status: string | null } | null;
}

/** An insight on an item linked to the component. */
export interface ComponentInsight {
  id: string;
  analysis_type: string;
  severity: string;
  analyzer: string;
  message: string | null;
  summary: string | null;
  last_observed: string;
  config: { id: string; name: string | null; type: string | null } | null;
}

/** A change on an item linked to the component. */
export interface ComponentChange {
  id: string;
  change_type: string;
  severity: string | null;
  summary: string | null;
  created_at: string;
  config: { id: string; name: string | null; type: string | null } | null;
}

/** Rows a sidebar panel asks for: one more than it shows decides 'show more' without a count. */
const PANEL_FETCH = 200;

/** Checks linked to the component, worst first by the view's status. */
export async function fetchComponentChecks(id: string, signal?: AbortSignal): Promise<ComponentCheck[]> {
  const res = await db.get<ComponentCheck>(
    'checks_by_component',
    { component_id: `eq.${id}`, select: 'check_id,name,type,status,icon', order: 'name.asc', limit: PANEL_FETCH },
    { signal },
  );
  return res.data;
}

/** Teams owning the component (team_components with the team embedded). */
export async function fetchComponentTeams(id: string, signal?: AbortSignal): Promise<ComponentTeam[]> {
  const res = await db.get<{ team_id: string; team?: { id: string; name: string; icon: string | null } | null }>(
    'team_components',
    { component_id: `eq.${id}`, select: 'team_id,team:team_id(id,name,icon)' },
    { signal },
  );
  const byId = new Map<string, ComponentTeam>();
  for (const r of res.data) if (r.team) byId.set(r.team_id, { team_id: r.team_id, name: r.team.name, icon: r.team.icon });
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Live links of the component to config items, with the item's name, type and health. */
export async function fetchLinkedConfigs(id: string, signal?: AbortSignal): Promise<LinkedConfig[]> {
  const res = await db.get<LinkedConfig>(
    'config_component_relationships',
    {
      component_id: `eq.${id}`,
      deleted_at: 'is.null',
      select: 'config_id,selector_id,config:config_id(id,name,type,health,status)',
      limit: PANEL_FETCH,
    },
    { signal },
  );
  return res.data.filter((r) => r.config).sort((a, b) => (a.config?.name ?? '').localeCompare(b.config?.name ?? ''));
}

/** The embed that keeps only rows of items with a live link to the component. */
const LINKED_CONFIG = 'config:config_id!inner(id,name,type,links:config_component_relationships!inner())';
const linkedFilter = (id: string) => ({ 'config.links.component_id': `eq.${id}`, 'config.links.deleted_at': 'is.null' });

/** One page (SIDEBAR_PANEL_PAGE_SIZE from `offset`) of the open insights of the items linked to the component, newest first, counted. */
export function fetchComponentInsights(id: string, offset: number, signal?: AbortSignal): Promise<DbList<ComponentInsight>> {
  return db.get<ComponentInsight>(
    'config_analysis',
    {
      select: `id,analysis_type,severity,analyzer,message,summary,last_observed,${LINKED_CONFIG}`,
      ...linkedFilter(id),
      status: 'eq.open',
      order: 'last_observed.desc,id',
      limit: SIDEBAR_PANEL_PAGE_SIZE,
      offset,
    },
    { signal, count: 'exact' },
  );
}

/** Recent changes of the items linked to the component, newest first. */
export async function fetchComponentChanges(id: string, signal?: AbortSignal): Promise<ComponentChange[]> {
  const res = await db.get<ComponentChange>(
    'config_changes',
    {
      select: `id,change_type,severity,summary,created_at,${LINKED_CONFIG}`,
      ...linkedFilter(id),
      order: 'created_at.desc',
      limit: PANEL_FETCH,
    },
    { signal },
  );
  return res.data;
}
