import type { TeamRow } from '@ops/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { toastError } from '../../../lib/notify';
import { teamWriteFrom, type TeamFormValues } from '../components/team-form-model';
import { createTeam, deleteTeam, getTeam, teamKeys, updateTeam } from './teams-api';

/** Load, save and delete one team for its edit page ('new' creates one and then opens it). */
export function useTeamEditor(id: string) {
  const isNew = id === 'new';
  const client = useQueryClient();
  const navigate = useNavigate();
  const team = useQuery({ queryKey: teamKeys.one(id), queryFn: ({ signal }) => getTeam(id, signal), enabled: !isNew, staleTime: 0 });
  const row: TeamRow | undefined = team.data ?? undefined;
  const refresh = () => client.invalidateQueries({ queryKey: teamKeys.all });

  const save = useMutation({
    mutationFn: async (values: TeamFormValues) => {
      const body = teamWriteFrom(values, row?.spec);
      if (row) return void (await updateTeam(row.id, { icon: body.icon, spec: body.spec }));
      return createTeam(body);
    },
    onSuccess: async (created, values) => {
      toast.success(`${values.name.trim()} ${created ? 'created' : 'updated'} successfully`);
      await refresh();
      if (created) await navigate(`/settings/teams/${created.id}?tab=manageTeam`, { replace: true });
    },
    onError: toastError,
  });

  const remove = async (): Promise<void> => {
    if (!row) return;
    try {
      await deleteTeam(row.id);
    } catch (err) {
      toastError(err);
      throw err;
    }
    toast.success(`${row.name} deleted successfully`);
    await refresh();
    await navigate('/settings/teams');
  };

  return { isNew, team, row, save, remove };
}
