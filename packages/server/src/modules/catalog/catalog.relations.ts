// The data-API relations of the catalogue. Items, changes, analysis and relationships are
// readable by every role (resource 'database') and written only by scrapes (an insight's status also by
// PATCH /api/catalog/insights/{id}); scrapers are read and written with 'config_scrapers' (specs checked
// by the engine's parser); manual component links are the one thing users write on items.
import { MANUAL_SELECTOR_ID } from '@ops/shared';
import { z } from 'zod';
import { ACTOR, NOW, literal, type RelationPolicy, type RpcPolicy } from '../../rest/index.js';
import { parseScrapeConfig, ScrapeConfigError } from './engine/index.js';

const read = 'database' as const;
// Credentials in scraper specs are masked for callers who cannot write scrapers (0017_secret_mask.sql).
const mask = { columns: ['spec'], fn: 'ops_mask_secrets', restore: 'ops_restore_secrets' };
const uuid = z.string().uuid();

/** A scraper's spec must be a valid ScrapeConfig spec (the engine's message names the field). */
const scraperSpec = z.record(z.string(), z.unknown()).superRefine((spec, ctx) => {
  try {
    parseScrapeConfig({ metadata: { name: 'scraper' }, spec });
  } catch (err) {
    if (!(err instanceof ScrapeConfigError)) throw err;
    ctx.addIssue({ code: 'custom', message: err.message });
  }
});

export const CATALOG_RELATIONS: RelationPolicy[] = [
  { name: 'config_items', read, hidden: ['config_hash', 'scraped_text_hash'] },
  { name: 'configs', read },
  { name: 'config_detail', read },
  { name: 'config_names', read },
  { name: 'config_types', read },
  { name: 'config_tags', read },
  { name: 'config_labels', read },
  { name: 'config_statuses', read },
  { name: 'change_types', read },
  { name: 'analysis_types', read },
  { name: 'config_analysis_analyzers', read },
  { name: 'config_changes', read },
  { name: 'config_analysis', read },
  { name: 'config_relationships', read },
  {
    name: 'config_component_relationships',
    read,
    write: 'config_scrapers',
    operations: ['insert', 'delete'],
    serverOwned: { created_at: { insert: NOW }, selector_id: { insert: literal(MANUAL_SELECTOR_ID) } },
    schema: z.object({ component_id: uuid, config_id: uuid, selector_id: z.literal(MANUAL_SELECTOR_ID).optional() }),
  },
  {
    name: 'config_scrapers',
    read: 'config_scrapers',
    write: 'config_scrapers',
    operations: ['insert', 'update', 'delete'],
    softDelete: 'deleted_at',
    mask,
    serverOwned: {
      created_at: { insert: NOW },
      updated_at: { insert: NOW, update: NOW },
      created_by: { insert: ACTOR },
      source: { insert: literal('UI') },
      agent_id: {},
    },
    schema: z.object({
      name: z.string().trim().min(1, 'is required'),
      namespace: z.string().trim().min(1, 'must not be empty').optional(),
      description: z.string().nullable().optional(),
      labels: z.record(z.string(), z.string()).optional(),
      spec: scraperSpec,
      deleted_at: z.string().nullable().optional(),
    }),
  },
  { name: 'config_scrapers_with_status', read: 'config_scrapers', mask },
];

export const CATALOG_FUNCTIONS: RpcPolicy[] = [{ name: 'related_configs_recursive', resource: read }];
