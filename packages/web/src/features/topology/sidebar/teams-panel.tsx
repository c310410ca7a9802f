import { AVATAR_STACK_MAX } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { fetchComponentTeams } from '../api/sidebar-api';
import { topologyKeys } from '../api/topology-keys';
import { ShowMoreList } from './show-more-list';
import { SidebarPanel } from './sidebar-panel';

/** The Teams panel: owning teams as an avatar stack (5, then '+N') and a linked list. */
export function TeamsPanel({ componentId }: { componentId: string }) {
  const q = useQuery({
    queryKey: topologyKeys.componentTeams(componentId),
    queryFn: ({ signal }) => fetchComponentTeams(componentId, signal),
  });
  const teams = q.data ?? [];
  const extra = teams.length - AVATAR_STACK_MAX;
  return (
    <SidebarPanel title="Teams" count={q.data?.length} loading={q.isPending} error={q.error}>
      {teams.length > 0 && (
        <div className="mb-2 flex -space-x-1.5" aria-label="Team avatars">
          {teams.slice(0, AVATAR_STACK_MAX).map((t) => (
            <Avatar
              key={t.team_id}
              name={t.name}
              src={t.icon && /^(https?:|\/|data:)/.test(t.icon) ? t.icon : null}
              size="sm"
              className="ring-2 ring-card"
            />
          ))}
          {extra > 0 && (
            <span className="inline-flex size-6 items-center justify-center rounded-full bg-muted text-[0.65rem] ring-2 ring-card">
              +{extra}
            </span>
          )}
        </div>
      )}
      <ShowMoreList
        items={teams}
        empty="No teams"
        keyOf={(t) => t.team_id}
        render={(t) => (
          <Link to={`/settings/teams/${t.team_id}`} className="block truncate hover:underline">
            {t.name}
          </Link>
        )}
      />
    </SidebarPanel>
  );
}
