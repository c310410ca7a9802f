import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchComponentChecks } from '../api/sidebar-api';
import { topologyKeys } from '../api/topology-keys';
import { healthTone } from '../components/health-tone';
import { healthRank } from '../lib/health-sort';
import { ShowMoreList } from './show-more-list';
import { SidebarPanel } from './sidebar-panel';

/** The Checks panel: checks linked to the component with their status, failing first. */
export function ChecksPanel({ componentId }: { componentId: string }) {
  const q = useQuery({ queryKey: topologyKeys.checks(componentId), queryFn: ({ signal }) => fetchComponentChecks(componentId, signal) });
  const items = [...(q.data ?? [])].sort((a, b) => healthRank(a.status) - healthRank(b.status) || a.name.localeCompare(b.name));
  return (
    <SidebarPanel title="Checks" count={q.data?.length} loading={q.isPending} error={q.error}>
      <ShowMoreList
        items={items}
        empty="No checks"
        keyOf={(c) => c.check_id}
        render={(c) => (
          <Link to={`/health?checkId=${c.check_id}`} className="flex min-w-0 items-center gap-2 hover:underline" data-status={c.status}>
            <span aria-hidden className={`size-2 shrink-0 rounded-full ${healthTone(c.status).dot}`} />
            <span className="min-w-0 flex-1 truncate">{c.name}</span>
            <span className={`shrink-0 text-xs ${healthTone(c.status).text}`}>{c.status}</span>
          </Link>
        )}
      />
    </SidebarPanel>
  );
}
