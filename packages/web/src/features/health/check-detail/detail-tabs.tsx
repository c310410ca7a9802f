import type { CheckRow, GraphResponse } from '@ops/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useUrlState } from '../../../components/filters';
import { Badge, Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui';
import type { CheckRelationships } from '../api/health-api';
import type { CheckDetailTab } from './check-detail-extras';
import { DETAIL_PARAMS, DETAIL_TABS, type DetailTab } from './detail-params';
import { HealthOverview } from './health-overview';
import { RelationshipsTab } from './relationships-tab';
import { SpecTab } from './spec-tab';
import { StatusHistory } from './status-history';

export interface DetailTabsProps {
  check: CheckRow;
  /** Short screens show the chart in a Graph tab instead of above the tabs. */
  short: boolean;
  graph: GraphResponse | undefined;
  graphLoading: boolean;
  /** Length of the selected time range; the history shows runs within it. */
  rangeMs: number;
  relationships: UseQueryResult<CheckRelationships>;
  /** Tabs the app adds after Relationships. */
  extraTabs?: readonly CheckDetailTab[] | undefined;
}

/** History, Graph (short screens only), Spec and Relationships (with a count badge); the tab is in the URL. */
export function DetailTabs({ check, short, graph, graphLoading, rangeMs, relationships, extraTabs = [] }: DetailTabsProps) {
  const [raw, setTab] = useUrlState(DETAIL_PARAMS.tab, 'history');
  const known = [...DETAIL_TABS, ...extraTabs.map((t) => t.value)];
  const wanted = known.includes(raw ?? '') ? (raw as DetailTab) : 'history';
  const tab = wanted === 'graph' && !short ? 'history' : wanted;
  const count = relationships.data ? relationships.data.components.length + relationships.data.configs.length : undefined;
  return (
    <Tabs value={tab} onValueChange={setTab} className="flex min-h-0 flex-1 flex-col">
      <TabsList aria-label="Check detail tabs">
        <TabsTrigger value="history">History</TabsTrigger>
        {short && <TabsTrigger value="graph">Graph</TabsTrigger>}
        <TabsTrigger value="spec">Spec</TabsTrigger>
        <TabsTrigger value="relationships">
          Relationships
          <Badge>{count ?? '…'}</Badge>
        </TabsTrigger>
        {extraTabs.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="history" className="flex min-h-0 flex-1 flex-col">
        <StatusHistory checkId={check.id} rangeMs={rangeMs} />
      </TabsContent>
      {short && (
        <TabsContent value="graph">
          <HealthOverview graph={graph} loading={graphLoading} height={220} title={false} />
        </TabsContent>
      )}
      <TabsContent value="spec">
        <SpecTab spec={check.spec} />
      </TabsContent>
      <TabsContent value="relationships">
        <RelationshipsTab data={relationships.data} loading={relationships.isPending} error={relationships.error} />
      </TabsContent>
      {extraTabs.map((t) => (
        <TabsContent key={t.value} value={t.value} className="flex min-h-0 flex-1 flex-col">
          {t.render(check)}
        </TabsContent>
      ))}
    </Tabs>
  );
}
