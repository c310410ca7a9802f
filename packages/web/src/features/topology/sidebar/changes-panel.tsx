import { formatRelativeTime } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchComponentChanges } from '../api/sidebar-api';
import { topologyKeys } from '../api/topology-keys';
import { ShowMoreList } from './show-more-list';
import { SidebarPanel } from './sidebar-panel';

/** The Changes panel: recent changes of the items linked to the component. */
export function ChangesPanel({ componentId }: { componentId: string }) {
  const q = useQuery({ queryKey: topologyKeys.changes(componentId), queryFn: ({ signal }) => fetchComponentChanges(componentId, signal) });
  return (
    <SidebarPanel title="Changes" count={q.data?.length} loading={q.isPending} error={q.error}>
      <ShowMoreList
        items={q.data ?? []}
        empty="No changes"
        keyOf={(c) => c.id}
        render={(c) => (
          <Link
            to={`/catalog/${c.config?.id ?? ''}/changes`}
            className="flex min-w-0 items-center gap-2 hover:underline"
            title={c.summary ?? c.change_type}
          >
            <span className="shrink-0 text-xs font-medium">{c.change_type}</span>
            <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">{c.config?.name}</span>
            <span className="shrink-0 text-xs text-muted-foreground">{formatRelativeTime(c.created_at)}</span>
          </Link>
        )}
      />
    </SidebarPanel>
  );
}
