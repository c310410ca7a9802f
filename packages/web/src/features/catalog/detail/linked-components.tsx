import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { db } from '../../../lib/db';
import { catalogKeys } from '../api/catalog-keys';

interface ComponentLink {
  selector_id: string;
  component: { id: string; name: string; health: string | null; deleted_at: string | null } | null;
}

const HEALTH_DOT: Record<string, string> = { healthy: 'bg-success', unhealthy: 'bg-destructive', warning: 'bg-warning' };

/** Topology components the item is linked to (config_component_relationships), by hand or by a topology's selectors. */
async function fetchLinkedComponents(configId: string, signal?: AbortSignal): Promise<ComponentLink[]> {
  const res = await db.get<ComponentLink>(
    'config_component_relationships',
    {
      config_id: `eq.${configId}`,
      deleted_at: 'is.null',
      select: 'selector_id,component:component_id(id,name,health,deleted_at)',
      limit: 100,
    },
    { signal },
  );
  const seen = new Set<string>();
  return res.data.filter((r) => r.component && !r.component.deleted_at && !seen.has(r.component.id) && seen.add(r.component.id));
}

/** The sidebar's 'Components' section: links to the dashboard cards of the components using this item. */
export function LinkedComponents({ configId }: { configId: string }) {
  const q = useQuery({
    queryKey: [...catalogKeys.detail(configId), 'components'],
    queryFn: ({ signal }) => fetchLinkedComponents(configId, signal),
    staleTime: 0,
    retry: false,
  });
  // Without read on components (or before the topology area exists) the section stays out of the way.
  if (!q.data?.length) return null;
  return (
    <section aria-label="Components" className="mt-3 border-t pt-3">
      <h2 className="mb-2 text-sm font-semibold">Components</h2>
      <ul className="flex flex-col gap-1">
        {q.data.map((r) => (
          <li key={r.component!.id} className="flex min-w-0 items-center gap-2">
            <span
              aria-hidden
              className={`size-2 shrink-0 rounded-full ${HEALTH_DOT[r.component!.health ?? ''] ?? 'bg-muted-foreground/50'}`}
            />
            <Link to={`/topology/${r.component!.id}`} className="truncate text-primary hover:underline">
              {r.component!.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
