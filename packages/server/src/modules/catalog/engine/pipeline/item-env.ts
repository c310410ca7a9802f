import type { ScrapedConfig } from '../types.js';

/**
 * The variables CEL filters and Go templates see for one item: config-db's field names
 * (config_type, config_class) plus `type` and `class`, which user specs also write.
 */
export function itemEnv(item: Partial<ScrapedConfig> & { config: unknown; namespace?: string }): Record<string, unknown> {
  return {
    id: item.id ?? '',
    name: item.name ?? '',
    config_type: item.type ?? '',
    type: item.type ?? '',
    config_class: item.config_class ?? '',
    class: item.config_class ?? '',
    namespace: item.namespace ?? item.labels?.namespace ?? '',
    status: item.status ?? '',
    health: item.health ?? '',
    description: item.description ?? '',
    labels: item.labels ?? {},
    tags: item.tags ?? {},
    format: item.format ?? '',
    source: item.source ?? '',
    created_at: item.created_at ?? null,
    deleted_at: item.deleted_at ?? null,
    config: item.config,
  };
}
