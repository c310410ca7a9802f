import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { personRowSchema, type PersonRow } from '../identity/users.schemas.js';
import { teamMemberRowSchema, teamRowSchema, type TeamMemberRow, type TeamRow } from '../identity/teams.schemas.js';
import type { DbRow } from './rows.generated.js';

// The zod schemas kept for runtime parsing of /api/db rows must describe exactly the row types derived from the
// generated DbRow (checked by `npm run typecheck`, which compiles this file): a column added, dropped or retyped
// by a migration breaks the build until the schema follows.

describe('/api/db row schemas match the generated row types', () => {
  it('teams', () => {
    expectTypeOf<Flat<z.infer<typeof teamRowSchema>>>().toEqualTypeOf<Flat<Omit<DbRow<'teams'>, 'spec'> & { spec: Record<string, unknown> }>>();
    expectTypeOf<Flat<z.infer<typeof teamRowSchema>>>().toEqualTypeOf<Flat<TeamRow>>();
    expect(Object.keys(teamRowSchema.shape).sort()).toEqual(TEAM_COLUMNS.slice().sort());
  });

  it('team_members with the person embedded', () => {
    expectTypeOf<Flat<z.infer<typeof teamMemberRowSchema>>>().toEqualTypeOf<Flat<TeamMemberRow>>();
    expect(Object.keys(teamMemberRowSchema.shape).sort()).toEqual(['created_at', 'person_id', 'team_id']);
  });

  it('people (picker columns required, the rest when selected)', () => {
    expectTypeOf<Flat<z.infer<typeof personRowSchema>>>().toEqualTypeOf<Flat<PersonRow>>();
    expect(Object.keys(personRowSchema.shape).sort()).toEqual(PEOPLE_COLUMNS.slice().sort());
  });
});

/** Spells an intersection (`DbRow<…> & {…}`) as one object type, nested too, so equality compares columns. */
type Flat<T> = T extends object ? { [K in keyof T]: Flat<T[K]> } : T;

// Every column of the generated rows, spelled so the compiler rejects a missing or an extra one.
const TEAM_COLUMNS = columns<DbRow<'teams'>>()(['id', 'name', 'icon', 'spec', 'source', 'created_by', 'created_at', 'updated_at', 'deleted_at']);
const PEOPLE_COLUMNS = columns<DbRow<'people'>>()(['id', 'name', 'email', 'avatar', 'type', 'created_at', 'updated_at', 'deleted_at']);

function columns<T>() {
  return <const K extends readonly (keyof T)[]>(keys: K & ([keyof T] extends [K[number]] ? unknown : never)): readonly string[] =>
    keys.map(String);
}
