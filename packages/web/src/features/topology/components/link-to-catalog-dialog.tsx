import { DEBOUNCE_SEARCH_MS, LINK_TO_CATALOG_LIMIT } from '@ops/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedCallback } from '../../../components/filters';
import { Button, Dialog, Input, Spinner } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-errors';
import { cn } from '../../../lib/cn';
import { toastError, toastSuccess } from '../../../lib/notify';
import { linkConfig, searchConfigs } from '../api/link-api';
import { topologyKeys } from '../api/topology-keys';
import { TOPOLOGY_MESSAGES } from '../lib/messages';

/**
 * The Link to Catalog modal: search items (400 ms after typing stops, at most 50 shown), choose one,
 * Link. The button stays disabled until an item is chosen; the server's message is shown on failure.
 */
export function LinkToCatalogDialog({ componentId, onClose }: { componentId: string; onClose: () => void }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const debounced = useDebouncedCallback((v: string) => setSearch(v.trim()), DEBOUNCE_SEARCH_MS);
  const results = useQuery({
    queryKey: topologyKeys.configSearch(search),
    queryFn: ({ signal }) => searchConfigs(search, signal),
    staleTime: 30_000,
  });
  const link = useMutation({
    mutationFn: (configId: string) => linkConfig(componentId, configId),
    onSuccess: async () => {
      toastSuccess(TOPOLOGY_MESSAGES.linkSuccess);
      await client.invalidateQueries({ queryKey: topologyKeys.all });
      onClose();
    },
    onError: toastError,
  });
  const state = link.isPending ? 'linking' : link.isSuccess ? 'success' : link.isError ? 'error' : 'idle';
  const items = (results.data ?? []).slice(0, LINK_TO_CATALOG_LIMIT);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Link to Catalog"
      size="md"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!chosen || link.isPending} loading={link.isPending} onClick={() => chosen && link.mutate(chosen)}>
            Link
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3" data-state={state}>
        <Input
          type="search"
          aria-label="Search catalog"
          placeholder="Search catalog items"
          value={text}
          autoFocus
          onChange={(e) => {
            setText(e.target.value);
            debounced.run(e.target.value);
          }}
          onKeyDown={(e) => e.key === 'Enter' && debounced.flush()}
        />
        <div role="listbox" aria-label="Catalog items" className="max-h-80 min-h-24 overflow-auto rounded border">
          {results.isPending ? (
            <div className="flex justify-center p-4">
              <Spinner />
            </div>
          ) : results.isError ? (
            <p role="alert" className="p-3 text-sm text-destructive">
              {errorMessage(results.error)}
            </p>
          ) : items.length === 0 ? (
            <p className="p-3 text-sm text-muted-foreground">No result</p>
          ) : (
            items.map((c) => (
              <button
                key={c.id}
                type="button"
                role="option"
                aria-selected={chosen === c.id}
                onClick={() => setChosen(c.id)}
                className={cn(
                  'flex w-full items-center justify-between gap-2 px-3 py-1.5 text-left text-sm hover:bg-accent',
                  chosen === c.id && 'bg-primary/10 font-medium',
                )}
              >
                <span className="truncate">{c.name ?? c.id}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{c.type}</span>
              </button>
            ))
          )}
        </div>
        {link.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(link.error)}
          </p>
        )}
      </div>
    </Dialog>
  );
}
