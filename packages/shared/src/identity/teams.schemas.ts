/** Teams and members through the data API and the `Team` kind of apply. */
import { z } from 'zod';
import type { DbRow } from '../db/rows.generated.js';
import { personRowSchema, type PersonRow } from './users.schemas.js';

/**
 * `GET /api/db/teams?deleted_at=is.null&order=name.asc` row; POST/PATCH /api/db/teams take name, icon, spec.
 * Derived from the generated row; the schema is held equal to it (db/row-schemas.test.ts).
 */
export type TeamRow = DbRow<'teams'> & { spec: Record<string, unknown> };
export const teamRowSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  icon: z.string().nullable(),
  spec: z.record(z.string(), z.unknown()),
  source: z.string().nullable(),
  created_by: z.string().uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
}) satisfies z.ZodType<TeamRow>;

/** `GET /api/db/team_members?team_id=eq.{id}&select=*,person_id(*)` row: person_id is the embedded person. */
export type TeamMemberRow = Omit<DbRow<'team_members'>, 'person_id'> & { person_id: PersonRow };
export const teamMemberRowSchema = z.object({
  team_id: z.string().uuid(),
  person_id: personRowSchema,
  created_at: z.string(),
}) satisfies z.ZodType<TeamMemberRow>;

/** `POST /api/db/team_members` body: a list; `DELETE /api/db/team_members?team_id=eq.{t}&person_id=eq.{p}` removes one. */
export const teamMemberInsertSchema = z.array(z.object({ team_id: z.string().uuid(), person_id: z.string().uuid() })).min(1);
export type TeamMemberInsert = z.infer<typeof teamMemberInsertSchema>;

/** Toasts of the team members panel. */
export const TEAM_MESSAGES = {
  noMembers: "You haven't added any team members to the team yet.",
  removed: (name: string) => `${name} removed from team successfully`,
  added: (names: string) => `${names} added to the team successfully`,
} as const;
