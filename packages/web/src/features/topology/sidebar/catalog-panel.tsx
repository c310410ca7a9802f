import { MANUAL_COMPONENT_LINK } from '@ops/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { IconButton } from '../../../components/ui';
import { toastError, toastSuccess } from '../../../lib/notify';
import { usePermissions } from '../../../lib/use-whoami';
import { unlinkConfig } from '../api/link-api';
import { fetchLinkedConfigs } from '../api/sidebar-api';
import { topologyKeys } from '../api/topology-keys';
import { healthTone } from '../components/health-tone';
import { TOPOLOGY_MESSAGES } from '../lib/messages';
import { ShowMoreList } from './show-more-list';
import { SidebarPanel } from './sidebar-panel';

/** The Catalog panel: items linked to the component; writers may remove links made by hand. */
export function CatalogPanel({ componentId }: { componentId: string }) {
  const client = useQueryClient();
  const canWrite = usePermissions().can('config_scrapers', 'write');
  const q = useQuery({ queryKey: topologyKeys.configs(componentId), queryFn: ({ signal }) => fetchLinkedConfigs(componentId, signal) });
  const unlink = useMutation({
    mutationFn: (configId: string) => unlinkConfig(componentId, configId),
    onSuccess: async () => {
      toastSuccess(TOPOLOGY_MESSAGES.unlinkSuccess);
      await client.invalidateQueries({ queryKey: topologyKeys.all });
    },
    onError: toastError,
  });
  const items = q.data ?? [];
  return (
    <SidebarPanel title="Catalog" count={q.data?.length} loading={q.isPending} error={q.error}>
      <ShowMoreList
        items={items}
        empty="No linked catalog items"
        keyOf={(r) => `${r.config_id}:${r.selector_id}`}
        render={(r) => (
          <div className="flex min-w-0 items-center gap-2">
            <span aria-hidden className={`size-2 shrink-0 rounded-full ${healthTone(r.config?.health).dot}`} />
            <Link to={`/catalog/${r.config_id}`} className="min-w-0 flex-1 truncate hover:underline" title={r.config?.type ?? ''}>
              {r.config?.name ?? r.config_id}
            </Link>
            <span className="shrink-0 text-xs text-muted-foreground">{r.config?.type}</span>
            {canWrite && r.selector_id === MANUAL_COMPONENT_LINK && (
              <IconButton
                label={`Remove link to ${r.config?.name ?? r.config_id}`}
                icon={<Trash2 aria-hidden />}
                className="size-6"
                disabled={unlink.isPending}
                onClick={() => unlink.mutate(r.config_id)}
              />
            )}
          </div>
        )}
      />
    </SidebarPanel>
  );
}
