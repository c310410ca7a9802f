import { Boxes, Network } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, EmptyState, ErrorState, Spinner } from '../../../components/ui';
import type { CheckRelationships } from '../api/health-api';

export interface RelationshipsTabProps {
  data: CheckRelationships | undefined;
  loading: boolean;
  error: unknown;
}

/**
 * The Relationships tab: config items the check is linked to, by name and type, each linking to its
 * catalogue page; topology components by id, not linked while there are no component pages.
 */
export function RelationshipsTab({ data, loading, error }: RelationshipsTabProps) {
  if (loading) return <Spinner />;
  if (error) return <ErrorState error={error} />;
  const configs = data?.configs ?? [];
  const components = data?.components ?? [];
  if (configs.length + components.length === 0) return <EmptyState />;
  return (
    <ul className="flex flex-col divide-y rounded-md border" aria-label="Relationships">
      {configs.map((c) => (
        <li key={`config-${c.id}`} className="flex items-center gap-2 px-3 py-2 text-sm">
          <Boxes aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="w-40 shrink-0 truncate text-muted-foreground" title={c.type}>
            {c.type}
          </span>
          <Link to={`/catalog/${c.id}`} className="truncate text-primary hover:underline">
            {c.name ?? c.id}
          </Link>
          {c.deleted && <Badge variant="outline">Deleted</Badge>}
        </li>
      ))}
      {components.map((id) => (
        <li key={`component-${id}`} className="flex items-center gap-2 px-3 py-2 text-sm">
          <Network aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="w-40 shrink-0 text-muted-foreground">Component</span>
          <span className="truncate font-mono text-xs">{id}</span>
        </li>
      ))}
    </ul>
  );
}
