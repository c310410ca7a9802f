// The entry is shaped like the resources registry's SupportedKind (modules may not import it);
// modules/resources/kinds.ts registers it with defineKind.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../context.js';
import type { Principal } from '../identity/index.js';
import type { TeamRecord } from './teams.repository.js';
import { TeamStore, type ApplyAction } from './team-store.js';

export const TEAM_API_VERSION = 'mission-control.flanksource.com/v1';
const KIND = 'Team';

// Flanksource's Team spec: displayName, icon, members, plus fields other areas read (components,
// notifications, responder clients), kept as they are.
const TeamSpec = z.looseObject({
  displayName: z.string().optional(),
  icon: z.string().optional(),
  members: z.array(z.string().min(1, 'must not be empty'), { error: 'must be a list of e-mail addresses or person ids' }).optional(),
});
const TeamDocument = z.strictObject({
  apiVersion: z.string(),
  kind: z.literal(KIND),
  metadata: z.looseObject({
    name: z.string().trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
    namespace: z.string().min(1, 'must not be empty').optional(),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
  }),
  spec: TeamSpec,
  status: z.unknown().optional(),
});
type TeamDocument = z.infer<typeof TeamDocument>;

interface ResourceDocument {
  apiVersion: string;
  kind: string;
  metadata: { name: string } & Record<string, unknown>;
  spec: Record<string, unknown>;
  status?: Record<string, unknown>;
}

/** What the resources registry needs from a kind this server stores. */
export interface TeamKindEntry {
  kind: string;
  apiVersions: readonly string[];
  aliases: readonly string[];
  resource: 'database';
  namespaced: false;
  supported: true;
  schema: z.ZodType<TeamDocument>;
  columns: readonly { header: string; path: string }[];
  apply(
    doc: TeamDocument,
    principal: Principal,
    db: Kysely<Database>,
  ): Promise<{ kind: string; name: string; namespace: null; id: string; action: ApplyAction }>;
  list(db: Kysely<Database>, query: { limit: number; offset: number }): Promise<ResourceDocument[]>;
  get(db: Kysely<Database>, name: string): Promise<ResourceDocument | undefined>;
  delete(db: Kysely<Database>, name: string): Promise<boolean>;
}

async function toDocument(service: TeamStore, ctx: AppContext, row: TeamRecord): Promise<ResourceDocument> {
  return {
    apiVersion: TEAM_API_VERSION,
    kind: KIND,
    metadata: {
      name: row.name,
      uid: row.id,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
      createdBy: row.created_by_name,
    },
    spec: row.spec,
    status: { source: row.source, members: (await service.members(ctx.db.kysely, row.id)).length },
  };
}

/** `Team` (mission-control.flanksource.com/v1): a team row; `spec.members` are synced as team members. */
export function teamKind(ctx: AppContext): TeamKindEntry {
  const teams = new TeamStore(ctx);
  return {
    kind: KIND,
    apiVersions: [TEAM_API_VERSION],
    aliases: ['team', 'teams'],
    resource: 'database',
    namespaced: false,
    supported: true,
    schema: TeamDocument,
    columns: [
      { header: 'DISPLAY NAME', path: 'spec.displayName' },
      { header: 'MEMBERS', path: 'status.members' },
      { header: 'UPDATED', path: 'metadata.updatedAt' },
    ],
    async apply(doc, principal, db) {
      const { id, action } = await teams.apply(
        db,
        { name: doc.metadata.name, icon: doc.spec.icon ?? null, spec: doc.spec, members: doc.spec.members },
        principal.id,
      );
      return { kind: KIND, name: doc.metadata.name, namespace: null, id, action };
    },
    async list(db, query) {
      return Promise.all((await teams.list(db, query.limit, query.offset)).map((row) => toDocument(teams, ctx, row)));
    },
    async get(db, name) {
      const row = await teams.get(db, name);
      return row && toDocument(teams, ctx, row);
    },
    async delete(db, name) {
      return teams.delete(db, name);
    },
  };
}
