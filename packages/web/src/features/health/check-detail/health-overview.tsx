import type { GraphResponse } from '@ops/shared';
import { useMemo } from 'react';
import { StatusChart, type ChartPoint } from '../../../components/charts';
import { Spinner } from '../../../components/ui';

/** Graph points as chart points: one per run, or per bucket (failed when any run in it failed). */
export function graphPoints(graph: GraphResponse | undefined): ChartPoint[] {
  return (graph?.status ?? []).map((p) => ({
    time: new Date(p.time).getTime(),
    value: p.duration,
    ok: p.status,
    note: graph?.bucket ? `${p.passed} passed, ${p.failed} failed` : (p.error || p.message || undefined),
  }));
}

/** The Health Overview chart of a check over the selected range. */
export function HealthOverview({ graph, loading, height = 180, title = true }: { graph: GraphResponse | undefined; loading: boolean; height?: number; title?: boolean }) {
  const points = useMemo(() => graphPoints(graph), [graph]);
  return (
    <section aria-label="Health Overview" className="flex flex-col gap-1">
      {title && <h3 className="text-sm font-semibold">Health Overview</h3>}
      {loading && !graph ? (
        <div className="flex items-center justify-center" style={{ height }}>
          <Spinner />
        </div>
      ) : (
        <StatusChart
          label="Health Overview"
          points={points}
          height={height}
          start={graph ? new Date(graph.start).getTime() : undefined}
          end={graph ? new Date(graph.end).getTime() : undefined}
        />
      )}
    </section>
  );
}
