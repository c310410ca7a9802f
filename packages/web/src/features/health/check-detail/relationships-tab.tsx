import { Boxes, Network } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, Spinner } from '../../../components/ui';
import type { CheckRelationships } from '../api/health-api';

export interface RelationshipsTabProps {
  data: CheckRelationships | undefined;
  loading: boolean;
  error: unknown;
}

/** The Relationships tab: linked topology components (/topology/{id}) and config items (/catalog/{id}). */
export function RelationshipsTab({ data, loading, error }: RelationshipsTabProps) {
  if (loading) return <Spinner />;
  if (error) return <ErrorState error={error} />;
  const items = [
    ...(data?.components ?? []).map((id) => ({ id, to: `/topology/${id}`, kind: 'Component', Icon: Network })),
    ...(data?.configs ?? []).map((id) => ({ id, to: `/catalog/${id}`, kind: 'Config', Icon: Boxes })),
  ];
  if (items.length === 0) return <EmptyState />;
  return (
    <ul className="flex flex-col divide-y rounded-md border" aria-label="Relationships">
      {items.map(({ id, to, kind, Icon }) => (
        <li key={`${kind}-${id}`} className="flex items-center gap-2 px-3 py-2 text-sm">
          <Icon aria-hidden className="size-4 text-muted-foreground" />
          <span className="w-24 text-muted-foreground">{kind}</span>
          <Link to={to} className="truncate text-primary hover:underline">
            {id}
          </Link>
        </li>
      ))}
    </ul>
  );
}
