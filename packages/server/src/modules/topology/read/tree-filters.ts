// The filters of the topology tree as the dashboard sends them (comma lists, key=value labels), turned
// into one predicate over component rows. They act on the cards the page shows: the roots, or the
// children of the asked component (every component when flattened).
import type { TopologyTreeQuery } from '@ops/shared';
import type { ComponentRow } from './tree.repository.js';

/** Comma-separated values, trimmed, empties dropped. */
export function commaList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** `a=1,b=2` → [['a','1'],['b','2']] (the query schema has checked every pair has '='). */
export function labelPairs(text: string | undefined): Array<[string, string]> {
  return commaList(text).map((pair) => {
    const eq = pair.indexOf('=');
    return [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
  });
}

/** The predicate of health, type, team and labels; undefined when the query filters on none. */
export function cardFilter(query: TopologyTreeQuery): ((row: ComponentRow) => boolean) | undefined {
  const health = new Set(commaList(query.status));
  const types = new Set(commaList(query.type));
  const team = query.team?.trim();
  const labels = labelPairs(query.labels);
  if (!health.size && !types.size && !team && !labels.length) return undefined;
  return (row) =>
    (!health.size || health.has(row.health)) &&
    (!types.size || (row.type !== null && types.has(row.type))) &&
    (!team || (row.teams ?? []).some((t) => t.id === team || t.name === team)) &&
    labels.every(([k, v]) => row.labels?.[k] === v);
}
