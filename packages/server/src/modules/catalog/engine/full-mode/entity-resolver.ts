import { randomUUID } from 'node:crypto';
import type { ExternalConfigRef, ExternalEntity } from './access-types.js';

// Finding existing users, groups, roles and config items by alias or external id, in memory: dry runs,
// previews and the extraction conformance cases. Saved scrapes do not use it: persistence resolves and
// merges the entities in one batch over its tables (persistence/access.repository.ts).

export type EntityKind = 'users' | 'groups' | 'roles';

export interface EntityResolver {
  /** Give each entity its stored id (found by alias) or a new one; returns the ids that changed (old → new). */
  sync(kind: EntityKind, entities: ExternalEntity[]): Promise<Map<string, string>>;
  /** The id of the entity any of the aliases belongs to. */
  findByAliases(kind: EntityKind, aliases: readonly string[]): Promise<string | undefined>;
  /** The config item's id for a `{config_type, external_id}` reference. */
  findConfig(ref: ExternalConfigRef): Promise<string | undefined>;
}

/** An in-memory resolver: aliases → ids per kind, and "Type/external-id" → config id. */
export class MemoryEntityResolver implements EntityResolver {
  readonly aliases: Record<EntityKind, Map<string, string>> = { users: new Map(), groups: new Map(), roles: new Map() };
  readonly configs = new Map<string, string>();

  constructor(
    seed: {
      users?: Record<string, string>;
      groups?: Record<string, string>;
      roles?: Record<string, string>;
      configs?: Record<string, string>;
    } = {},
  ) {
    for (const kind of ['users', 'groups', 'roles'] as const) {
      for (const [alias, id] of Object.entries(seed[kind] ?? {})) this.aliases[kind].set(alias, id);
    }
    for (const [key, id] of Object.entries(seed.configs ?? {})) this.configs.set(key, id);
  }

  async sync(kind: EntityKind, entities: ExternalEntity[]): Promise<Map<string, string>> {
    const changed = new Map<string, string>();
    for (const e of entities) {
      const original = e.id;
      const existing = await this.findByAliases(kind, e.aliases ?? []);
      e.id = existing ?? e.id ?? randomUUID();
      if (original && original !== e.id) changed.set(original, e.id);
      for (const alias of e.aliases ?? []) this.aliases[kind].set(alias, e.id);
    }
    return changed;
  }

  async findByAliases(kind: EntityKind, aliases: readonly string[]): Promise<string | undefined> {
    for (const alias of aliases) {
      const id = this.aliases[kind].get(alias);
      if (id) return id;
    }
    return undefined;
  }

  async findConfig(ref: ExternalConfigRef): Promise<string | undefined> {
    return this.configs.get(`${ref.config_type ?? ''}/${ref.external_id ?? ''}`);
  }
}
