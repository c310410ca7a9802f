import type { ConnectionInput, ConnectionPatch, ConnectionView } from '@ops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { toastError } from '../../../lib/notify';
import { connectionKeys } from './connection-keys';
import { createConnection, deleteConnection, updateConnection } from './connections-api';
import { testConnection } from './test-connection';

/** Add, update, delete and test, with the connection toasts; failures toast the server's message. */
export function useConnectionMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: connectionKeys.all });
  const create = useMutation({
    mutationFn: (input: ConnectionInput) => createConnection(input),
    onSuccess: async () => {
      toast.success('Connection added successfully');
      await refresh();
    },
    onError: toastError,
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ConnectionPatch }) => updateConnection(id, patch),
    onSuccess: async () => {
      toast.success('Connection updated successfully');
      await refresh();
    },
    onError: toastError,
  });
  const remove = useMutation({
    mutationFn: (connection: ConnectionView) => deleteConnection(connection.id),
    onSuccess: async () => {
      toast.success('Connection deleted successfully');
      await refresh();
    },
    onError: toastError,
  });
  const test = useMutation({
    mutationFn: (id: string) => testConnection(id),
    onSuccess: (outcome) => (outcome.ok ? toast.success(outcome.message) : toast.error(outcome.message)),
  });
  return { create, update, remove, test };
}
