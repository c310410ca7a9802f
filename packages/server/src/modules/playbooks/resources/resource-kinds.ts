// The three kinds of resource a playbook runs on, and the SQL columns a selector reads for each: the
// live rows (alias `r`, checks joined to their live canary as `cn`) and what namespace, health and tags mean.
import { sql, type RawBuilder } from 'kysely';

export type ResourceKind = 'config' | 'component' | 'check';

/** How a resource is looked up: live rows only, or (`deleted`) soft-deleted ones too. */
export interface ResourceLookup {
  deleted?: boolean;
}

/** The one trigger whose runs are about a resource that is gone: `on.config: [{event: deleted}]`. */
export const DELETED_CONFIG_TRIGGER = 'config.deleted';

/** How a run with this trigger finds its resource: a config.deleted run reads the deleted item. */
export const resourceLookupOf = (trigger: string): ResourceLookup => ({ deleted: trigger === DELETED_CONFIG_TRIGGER });

export interface KindColumns {
  /** FROM … WHERE: the live rows of the kind. */
  from: RawBuilder<unknown>;
  live: RawBuilder<boolean>;
  namespace: RawBuilder<unknown>;
  /** Health as a selector's `health` compares it (checks have a status only). */
  health: RawBuilder<unknown>;
  status: RawBuilder<unknown>;
  labels: RawBuilder<unknown>;
  /** What `tagSelector` reads: config tags; components and checks keep labels only. */
  tags: RawBuilder<unknown>;
  /** Fields a `fieldSelector` or a `key=value` search may name, as text. */
  fields: Record<string, RawBuilder<unknown>>;
}

const col = (name: string) => sql.ref(`r.${name}`);
const text = (name: string) => sql`r.${sql.ref(name)}::text`;

export const KINDS: Record<ResourceKind, KindColumns> = {
  config: {
    from: sql`config_items r`,
    live: sql<boolean>`r.deleted_at IS NULL`,
    namespace: sql`(r.tags ->> 'namespace')`,
    health: col('health'),
    status: col('status'),
    labels: col('labels'),
    tags: col('tags'),
    fields: {
      id: text('id'),
      name: col('name'),
      type: col('type'),
      config_class: col('config_class'),
      status: col('status'),
      health: col('health'),
      description: col('description'),
      namespace: sql`(r.tags ->> 'namespace')`,
      agent_id: text('agent_id'),
      scraper_id: text('scraper_id'),
      parent_id: text('parent_id'),
      source: col('source'),
    },
  },
  component: {
    from: sql`components r`,
    live: sql<boolean>`r.deleted_at IS NULL`,
    namespace: col('namespace'),
    health: col('health'),
    status: col('status'),
    labels: col('labels'),
    tags: col('labels'),
    fields: {
      id: text('id'),
      name: col('name'),
      type: col('type'),
      status: col('status'),
      health: col('health'),
      namespace: col('namespace'),
      owner: col('owner'),
      lifecycle: col('lifecycle'),
      external_id: col('external_id'),
      topology_id: text('topology_id'),
      parent_id: text('parent_id'),
      agent_id: text('agent_id'),
    },
  },
  check: {
    from: sql`checks r JOIN canaries cn ON cn.id = r.canary_id`,
    live: sql<boolean>`r.deleted_at IS NULL AND cn.deleted_at IS NULL`,
    namespace: col('namespace'),
    health: col('status'),
    status: col('status'),
    labels: col('labels'),
    tags: col('labels'),
    fields: {
      id: text('id'),
      name: col('name'),
      type: col('type'),
      status: col('status'),
      health: col('status'),
      namespace: col('namespace'),
      owner: col('owner'),
      severity: col('severity'),
      endpoint: col('endpoint'),
      canary_id: text('canary_id'),
      canary: sql`cn.name`,
      agent_id: text('agent_id'),
    },
  },
};

/** The kind and id a run reference names (at most one is set; the request schema checks ids are UUIDs). */
export function refTarget(ref: {
  config_id?: string | null;
  component_id?: string | null;
  check_id?: string | null;
}): { kind: ResourceKind; id: string } | undefined {
  if (ref.config_id) return { kind: 'config', id: ref.config_id };
  if (ref.component_id) return { kind: 'component', id: ref.component_id };
  if (ref.check_id) return { kind: 'check', id: ref.check_id };
  return undefined;
}
