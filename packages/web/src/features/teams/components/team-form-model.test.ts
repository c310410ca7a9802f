import { describe, expect, it } from 'vitest';
import { candidates } from './add-members-dialog';
import { hasExternalSource, parseSpec, teamWriteFrom, teamFormSchema, toTeamFormValues } from './team-form-model';

const team = {
  id: '0b6c3b9e-2f6e-4c1d-9a57-6d5e2f1a0b01',
  name: 'SRE',
  icon: null,
  spec: { responder_clients: { jira: { project: 'OPS' } } },
  source: null,
  created_by: null,
  created_at: '2024-01-01',
  updated_at: '2024-01-01',
  deleted_at: null,
};

describe('team form', () => {
  it('edits the spec as YAML and saves it back as a map', () => {
    const values = toTeamFormValues(team);
    expect(values.specText).toContain('responder_clients:');
    expect(teamWriteFrom({ ...values, icon: ' ' })).toEqual({ name: 'SRE', icon: null, spec: team.spec });
  });

  it('ignores a spec that is not a YAML map and keeps the stored one', () => {
    expect(parseSpec('- a\n- b')).toBeUndefined();
    expect(parseSpec('a: [')).toBeUndefined();
    expect(parseSpec('')).toEqual({});
    expect(teamWriteFrom({ name: 'SRE', icon: '', specText: 'a: [' }, team.spec).spec).toBe(team.spec);
  });

  it("requires a name with 'This field is required'", () => {
    const blank = teamFormSchema.safeParse({ name: ' ', icon: '', specText: '' });
    expect(blank.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', 'This field is required']]);
    expect(teamFormSchema.safeParse({ name: 'x', icon: '', specText: '' }).success).toBe(true);
  });

  it('treats teams from apply as external (read-only spec)', () => {
    expect(hasExternalSource({ source: 'ConfigFile' })).toBe(true);
    expect(hasExternalSource({ source: 'UI' })).toBe(false);
    expect(hasExternalSource({ source: null })).toBe(false);
  });
});

describe('member candidates', () => {
  const people = [
    { id: '1', name: 'Ann Lee', email: 'ann@x.io', avatar: null },
    { id: '2', name: 'Bob Stone', email: 'bob@x.io', avatar: null },
    { id: '3', name: 'Cy', email: null, avatar: null },
  ];
  it('offers people not in the team whose name or e-mail matches', () => {
    expect(candidates(people, new Set(['2']), '').map((p) => p.id)).toEqual(['1', '3']);
    expect(candidates(people, new Set(), 'BOB@').map((p) => p.id)).toEqual(['2']);
    expect(candidates(people, new Set(), 'cy').map((p) => p.id)).toEqual(['3']);
  });
});
