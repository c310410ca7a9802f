import type { TeamRow } from '@ops/shared';
import { createTeam, deleteTeam, getTeam, teamKeys, updateTeam } from '../../features/teams/api/teams-api';
import { TeamForm } from '../../features/teams/components/team-form';
import { teamWriteFrom, type TeamFormValues } from '../../features/teams/components/team-form-model';
import { TeamJobHistory } from '../../features/teams/components/team-job-history';
import { TeamMembersPanel } from '../../features/teams/components/team-members-panel';
import { defineParts, type ResourceEditorProps } from '../../features/settings-resources/resource-table';

// TeamForm locks the spec of a team from another source itself; its icon stays editable.
function TeamEditor({ row, canWrite, saving, onSave, deleteButton }: ResourceEditorProps<TeamRow, TeamFormValues>) {
  return <TeamForm team={row} canWrite={canWrite} saving={saving} onSave={onSave} extraActions={deleteButton} />;
}

function TeamMembers({ id, canWrite }: { id: string; canWrite: boolean }) {
  return <TeamMembersPanel teamId={id} canWrite={canWrite} />;
}

function TeamRuns({ id }: { id: string }) {
  return <TeamJobHistory teamId={id} />;
}

/** /settings/teams: the team form, the Members tab (manageTeam) and the team's calls; a spec that does not parse keeps the stored one. */
export const TEAM_PARTS = defineParts<TeamRow, TeamFormValues>({
  get: getTeam,
  async save(values, row) {
    const body = teamWriteFrom(values, row?.spec);
    if (row) {
      await updateTeam(row.id, { icon: body.icon, spec: body.spec });
      return { id: row.id, name: row.name, created: false };
    }
    const created = await createTeam(body);
    return { id: created.id, name: created.name, created: true };
  },
  remove: (row) => deleteTeam(row.id),
  Editor: TeamEditor,
  Members: TeamMembers,
  JobHistory: TeamRuns,
  invalidates: [teamKeys.all],
});
