// Filters on config_items shared by the summary call: column equality lists, labels, tags, health,
// status, text search and the deleted flag, as SQL conditions on alias `ci`.
import { decodeConfigType, LABEL_FILTER_SEPARATOR } from '@ops/shared';
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../../http/errors.js';
import { keyValueMap, listConditions, parseListFilter } from './list-filter.js';

/** Item columns a `filter` entry or a groupBy entry may name directly. */
export const ITEM_COLUMNS: Record<string, string> = {
  type: 'ci.type',
  config_class: 'ci.config_class',
  status: 'ci.status',
  health: 'ci.health',
  agent_id: 'ci.agent_id::text',
  scraper_id: 'ci.scraper_id::text',
  name: 'ci.name',
  namespace: "(ci.tags->>'namespace')",
};

export interface ItemFilterInput {
  filter: Record<string, string>;
  labels?: Record<string, string> | string;
  tags?: Record<string, string> | string;
  health?: string;
  status?: string;
  search?: string;
  deleted: boolean;
}

/** The WHERE conditions (never empty: at least TRUE). */
export function itemConditions(input: ItemFilterInput): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  if (!input.deleted) out.push(sql`ci.deleted_at IS NULL`);
  for (const [key, value] of Object.entries(input.filter)) {
    const column = ITEM_COLUMNS[key];
    if (!column) throw badRequest(`filter.${key}: unknown field (use ${Object.keys(ITEM_COLUMNS).join(', ')})`);
    out.push(...listConditions(column, parseListFilter(value, key === 'type' ? decodeConfigType : undefined)));
  }
  const labels = keyValueMap(input.labels, LABEL_FILTER_SEPARATOR, 'labels');
  if (Object.keys(labels).length) out.push(sql`ci.labels @> ${JSON.stringify(labels)}::jsonb`);
  const tags = keyValueMap(input.tags, LABEL_FILTER_SEPARATOR, 'tags');
  if (Object.keys(tags).length) out.push(sql`ci.tags @> ${JSON.stringify(tags)}::jsonb`);
  out.push(...listConditions('ci.health', parseListFilter(input.health)));
  out.push(...listConditions('ci.status', parseListFilter(input.status)));
  const search = input.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    out.push(sql`(ci.name ILIKE ${like} OR ci.type ILIKE ${like} OR ci.description ILIKE ${like} OR ci.tags->>'namespace' ILIKE ${like})`);
  }
  return out.length ? out : [sql`TRUE`];
}

/** The SQL of one groupBy entry: a column, `<key>__tag` (a tag) or a label key. */
export function groupExpression(entry: string): RawBuilder<unknown> {
  if (ITEM_COLUMNS[entry]) return sql.raw(ITEM_COLUMNS[entry]!);
  if (entry.endsWith('__tag')) {
    const key = entry.slice(0, -'__tag'.length);
    if (!key) throw badRequest(`groupBy: '${entry}' names no tag`);
    return sql`(ci.tags->>${key})`;
  }
  return sql`(ci.labels->>${entry})`;
}
