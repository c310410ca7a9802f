// Assembles the tree in memory from the scope's rows: children under their parents (sorted at every
// level), the filters applied to the cards, and the filter options (types, health values, teams,
// labels) gathered from the cards before filtering so the pickers keep offering every choice. Each
// component's JSON comes rendered from PostgreSQL; nesting splices those texts instead of re-serialising.
import { HEALTH_ORDER, type TopologyTreeQuery, type TopologyTreeResponse } from '@ops/shared';
import { cardFilter } from './tree-filters.js';
import { componentOrder } from './tree-sort.js';
import type { ComponentRow } from './tree.repository.js';

type Facets = Omit<TopologyTreeResponse, 'components'>;

/** The filter options of the cards the page can show. */
function facets(cards: ComponentRow[]): Facets {
  const types = new Set<string>();
  const health = new Set<string>();
  const teams = new Set<string>();
  const tags = new Map<string, Set<string>>();
  for (const c of cards) {
    if (c.type) types.add(c.type);
    health.add(c.health);
    for (const t of c.teams ?? []) teams.add(t.name);
    for (const [k, v] of Object.entries(c.labels ?? {})) {
      let values = tags.get(k);
      if (!values) tags.set(k, (values = new Set()));
      values.add(String(v));
    }
  }
  return {
    types: [...types].sort(),
    healthStatuses: [...health].sort((a, b) => (HEALTH_ORDER[a] ?? 0) - (HEALTH_ORDER[b] ?? 0) || a.localeCompare(b)),
    teams: [...teams].sort(),
    tags: Object.fromEntries([...tags.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, [...v].sort()])),
  };
}

/** `{...,"components":[children]}`: the row's JSON object with its children spliced in before the closing brace. */
const withChildren = (json: string, children: string[]) => `${json.slice(0, -1)},"components":[${children.join(',')}]}`;

const response = (components: string[], f: Facets) => `{"components":[${components.join(',')}],${JSON.stringify(f).slice(1)}`;

/**
 * The response (TopologyTreeResponse as JSON text) for the scope's rows. `rootId` is the asked component
 * (its children are the cards), else the roots are the cards. Flattened, every reachable component is a
 * card and nothing is nested.
 */
export function buildTree(rows: ComponentRow[], query: TopologyTreeQuery, rootId?: string): string {
  const order = componentOrder(query.sortBy, query.sortOrder);
  const children = new Map<string, ComponentRow[]>();
  const tops: ComponentRow[] = [];
  let root: ComponentRow | undefined;
  for (const row of rows) {
    if (row.id === rootId) root = row;
    if (row.parent_id === null) {
      if (!rootId) tops.push(row);
      continue;
    }
    let list = children.get(row.parent_id);
    if (!list) children.set(row.parent_id, (list = []));
    list.push(row);
  }
  for (const list of children.values()) list.sort(order);

  const keep = cardFilter(query) ?? (() => true);
  if (query.flatten) {
    // Every component reachable from the scope's top (components under a left-out parent stay out).
    const reachable: ComponentRow[] = [];
    const stack = root ? [...(children.get(root.id) ?? [])] : [...tops];
    while (stack.length) {
      const row = stack.pop()!;
      reachable.push(row);
      for (const child of children.get(row.id) ?? []) stack.push(child);
    }
    const cards = reachable.filter(keep).sort(order);
    return response([...(root ? [root.json] : []), ...cards.map((r) => r.json)], facets(reachable));
  }

  const nest = (row: ComponentRow): string => {
    const kids = children.get(row.id);
    return kids?.length ? withChildren(row.json, kids.map(nest)) : row.json;
  };
  if (root) {
    const candidates = children.get(root.id) ?? [];
    return response([withChildren(root.json, candidates.filter(keep).map(nest))], facets(candidates));
  }
  return response(tops.filter(keep).sort(order).map(nest), facets(tops));
}
