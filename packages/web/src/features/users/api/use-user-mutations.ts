import type { InviteUserRequest, UpdateUserRequest, UserRow } from '@ops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { toastError } from '../../../lib/notify';
import { deleteUser, inviteUser, updateUser, USERS_KEY, userName } from './users-api';

/** Invite, edit and delete with success toasts; failures toast the server's message. */
export function useUserMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: USERS_KEY });
  const invite = useMutation({ mutationFn: (body: InviteUserRequest) => inviteUser(body), onSuccess: refresh, onError: toastError });
  const update = useMutation({
    mutationFn: ({ user, body }: { user: UserRow; body: UpdateUserRequest }) => updateUser(user.id, body),
    onSuccess: async (_r, { user }) => {
      toast.success(`${userName(user)} updated successfully`);
      await refresh();
    },
    onError: toastError,
  });
  const remove = useMutation({
    mutationFn: (user: UserRow) => deleteUser(user.id),
    onSuccess: async () => {
      toast.success('user deleted successfully');
      await refresh();
    },
    onError: toastError,
  });
  return { invite, update, remove };
}
