import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { toastError } from '../../../lib/notify';
import type { ResourceParts, ResourceRow, ResourceTable } from '../resource-table';
import { resourceKeys } from './resource-list-api';

/**
 * Save and delete of one row through its table's parts, with the generic toasts ('{name} created/updated/deleted
 * successfully', or the server's message) and where to go next: a new row opens its edit page, a deleted one the list
 * (or, given `returnTo`, that page after either).
 */
export function useResourceWrites(table: ResourceTable, parts: ResourceParts, row: ResourceRow | undefined, returnTo?: string) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: resourceKeys.table(table.path) });
    await Promise.all(parts.invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
  };

  const save = useMutation({
    mutationFn: (values: unknown) => parts.save(values, row),
    onSuccess: async (saved) => {
      toast.success(`${saved.name} ${saved.created ? 'created' : 'updated'} successfully`);
      await refresh();
      if (returnTo) return void (await navigate(returnTo));
      if (saved.id === row?.id) return;
      const tab = saved.created && table.afterCreateTab ? `?tab=${table.afterCreateTab}` : '';
      await navigate(`/settings/${table.path}/${saved.id}${tab}`, { replace: true });
    },
    onError: toastError,
  });

  // Throws after the toast so the confirm dialog stays open for a retry.
  const remove = async (): Promise<void> => {
    if (!row) return;
    try {
      await parts.remove(row);
    } catch (err) {
      toastError(err);
      throw err;
    }
    toast.success(`${row.name} deleted successfully`);
    await refresh();
    await navigate(returnTo ?? `/settings/${table.path}`);
  };

  return { save, remove };
}
