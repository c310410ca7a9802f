/**
 * Relationships between items (`config_relationships`), the recursive walk `rpc/related_configs_recursive` and
 * manual component links (`config_component_relationships`), as the relationships tab reads them.
 */
import { z } from 'zod';
import { RELATED_CONFIGS_MAX_DEPTH, RELATION_KINDS, RELATION_TYPE_FILTERS } from './constants.js';
import type { DbRpcRow } from '../db/rows.generated.js';

const timestamp = z.string();

/** One `config_relationships` row: `config_id` → `related_id` (the related item is the child / target). */
export const configRelationshipRowSchema = z.object({
  config_id: z.string(),
  related_id: z.string(),
  relation: z.string(),
  selector_id: z.string(),
  created_at: timestamp,
  deleted_at: timestamp.nullable(),
});
export type ConfigRelationshipRow = z.infer<typeof configRelationshipRowSchema>;

/**
 * Arguments of `rpc/related_configs_recursive` (GET query or POST body). `type_filter`: 'outgoing' (children
 * and targets), 'incoming' (parents and sources) or 'all'. `incoming_relation`/`outgoing_relation`: 'hard'
 * (parent/child only) or 'both' (also soft links from `config_relationships`). `type`, `status`, `health`:
 * optional equality filters on the returned items (the walk itself passes through every item).
 */
export const relatedConfigsArgsSchema = z.object({
  config_id: z.string(),
  type_filter: z.enum(RELATION_TYPE_FILTERS).default('all'),
  include_deleted_configs: z.boolean().default(false),
  max_depth: z.number().int().min(1).max(RELATED_CONFIGS_MAX_DEPTH).default(RELATED_CONFIGS_MAX_DEPTH),
  incoming_relation: z.enum(RELATION_KINDS).default('both'),
  outgoing_relation: z.enum(RELATION_KINDS).default('both'),
  type: z.string().optional(),
  status: z.string().optional(),
  health: z.string().optional(),
});
export type RelatedConfigsArgs = z.input<typeof relatedConfigsArgsSchema>;

/**
 * One item reached by the walk (the start item is not returned; each item once, at its smallest depth per
 * direction). `related_ids`: the items it was reached from (the start item or other returned items), so an
 * edge runs related → this item for 'outgoing' and this item → related for 'incoming'; `relation`: 'hard'
 * when a parent/child link reached it, else 'soft'; `depth`: hops from the start item.
 */
export type RelatedConfigRow = DbRpcRow<'related_configs_recursive'> & {
  id: string;
  type: string;
  config_class: string;
  tags: Record<string, string>;
  changes: number;
  related_ids: string[];
  direction: 'incoming' | 'outgoing';
  relation: 'hard' | 'soft';
  depth: number;
  agent_id: string;
};

/** One `config_component_relationships` row; POST {component_id, config_id, selector_id:'manual'} creates a manual link. */
export const configComponentRelationshipRowSchema = z.object({
  component_id: z.string(),
  config_id: z.string(),
  selector_id: z.string(),
  created_at: timestamp,
  deleted_at: timestamp.nullable(),
});
export type ConfigComponentRelationshipRow = z.infer<typeof configComponentRelationshipRowSchema>;
