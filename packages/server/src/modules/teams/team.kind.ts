import { z } from 'zod';
import type { AppContext } from '../../http/context.js';
import { documentSchema } from '../resources/document-schema.js';
import { defineKind, type KindEntry, type ResourceDocument } from '../resources/kind-registry.js';
import type { TeamRecord } from './teams.repository.js';
import { TeamStore } from './team-store.js';

export const TEAM_API_VERSION = 'mission-control.flanksource.com/v1';
const KIND = 'Team';

// Flanksource's Team spec: displayName, icon, members, plus fields other areas read (components,
// notifications, responder clients), kept as they are.
const TeamSpec = z.looseObject({
  displayName: z.string().optional(),
  icon: z.string().optional(),
  members: z.array(z.string().min(1, 'must not be empty'), { error: 'must be a list of e-mail addresses or person ids' }).optional(),
});
const TeamDocument = documentSchema(KIND, z.string().trim().min(1, 'is required').max(255, 'must be at most 255 characters'), TeamSpec);
type TeamDocument = z.infer<typeof TeamDocument>;

async function toDocument(service: TeamStore, ctx: AppContext, row: TeamRecord): Promise<ResourceDocument> {
  return {
    apiVersion: TEAM_API_VERSION,
    kind: KIND,
    metadata: { name: row.name, uid: row.id, createdAt: new Date(row.created_at).toISOString(), updatedAt: new Date(row.updated_at).toISOString(), createdBy: row.created_by_name },
    spec: row.spec,
    status: { source: row.source, members: (await service.members(ctx.db.kysely, row.id)).length },
  };
}

/** `Team` (mission-control.flanksource.com/v1): a team row; `spec.members` are synced as team members. */
export function teamKind(ctx: AppContext): KindEntry {
  const teams = new TeamStore(ctx);
  return defineKind<TeamDocument>({
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
      const { id, action } = await teams.apply(db, { name: doc.metadata.name, icon: doc.spec.icon ?? null, spec: doc.spec, members: doc.spec.members }, principal.id);
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
  });
}
