import { SearchX } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, Spinner } from '../../../components/ui';
import { ApiError } from '../../../lib/api-errors';
import { useTopologyTree, zoomedComponent } from '../api/use-topology';
import { TopologyCard } from '../components/topology-card';
import { widthForSizeParam } from '../lib/card-size';
import { TOPOLOGY_MESSAGES } from '../lib/messages';

/** /view/topology/{id}?size=: one component's card on its own, for embedding (no shell, no sidebar). */
export function TopologyViewPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const width = widthForSizeParam(params.get('size'));
  const tree = useTopologyTree({ id, depth: '0' });
  if (tree.isPending)
    return (
      <div className="flex justify-center p-6">
        <Spinner size="lg" />
      </div>
    );
  const missing = tree.error instanceof ApiError && tree.error.status === 404;
  if (tree.isError && !tree.data && !missing) return <ErrorState error={tree.error} />;
  const zoomed = missing || !tree.data ? ({ kind: 'not-found' } as const) : zoomedComponent(tree.data.components, id);
  if (zoomed.kind !== 'ok')
    return <EmptyState icon={<SearchX />} title={zoomed.kind === 'multiple' ? TOPOLOGY_MESSAGES.multiple : TOPOLOGY_MESSAGES.notFound} />;
  return (
    <main className="p-2">
      <TopologyCard component={zoomed.component} width={width} interactive={false} />
    </main>
  );
}
