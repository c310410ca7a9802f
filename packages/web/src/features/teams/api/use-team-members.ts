import { TEAM_MESSAGES, type PersonRow } from '@ops/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { toastError } from '../../../lib/notify';
import { addMembers, listMembers, listPeople, removeMember, teamKeys } from './teams-api';

/** The people of one team, as plain person rows. */
export function useTeamMembers(teamId: string) {
  return useQuery({
    queryKey: teamKeys.members(teamId),
    queryFn: async ({ signal }) => (await listMembers(teamId, signal)).map((m) => m.person_id),
    staleTime: 0,
  });
}

/** Everyone who could join a team (people lists stay fresh for 5 minutes). */
export function usePeople(enabled = true) {
  return useQuery({ queryKey: teamKeys.people, queryFn: ({ signal }) => listPeople(signal), enabled });
}

/** Names for the toast: 'Ann' / 'Ann, Bob'. */
export function joinNames(people: readonly Pick<PersonRow, 'name'>[]): string {
  return people.map((p) => p.name).join(', ');
}

/** Add-several and remove-one with success toasts; failures toast the server's message. */
export function useMemberMutations(teamId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: teamKeys.members(teamId) });
  const add = useMutation({
    mutationFn: (people: PersonRow[]) =>
      addMembers(
        teamId,
        people.map((p) => p.id),
      ),
    onSuccess: async (_r, people) => {
      toast.success(TEAM_MESSAGES.added(joinNames(people)));
      await refresh();
    },
    onError: toastError,
  });
  const remove = useMutation({
    mutationFn: (person: PersonRow) => removeMember(teamId, person.id),
    onSuccess: async (_r, person) => {
      toast.success(TEAM_MESSAGES.removed(person.name));
      await refresh();
    },
    onError: toastError,
  });
  return { add, remove };
}
