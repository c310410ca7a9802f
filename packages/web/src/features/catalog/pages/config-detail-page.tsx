import { encodeConfigType } from '@ops/shared';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { EmptyState, ErrorState, PageHeader } from '../../../components/ui';
import { prefetchConfigFromLocation } from '../api/detail-prefetch';
import { prefetchRelatedFromLocation } from '../api/related-prefetch';
import { useConfigDetail } from '../api/use-config-detail';
import { ChangesView } from '../changes/changes-view';
import { Loading } from '../components/loading';
import { ConfigBanners } from '../detail/config-banners';
import { ConfigDetailTabs, isConfigTab } from '../detail/config-detail-tabs';
import { ConfigSidebar } from '../detail/config-sidebar';
import { ConfigTab } from '../detail/config-tab';
import { ChecksTab } from '../detail/checks-tab';
import { PlaybooksTab } from '../detail/playbooks-tab';
import { InsightsView } from '../insights/insights-view';
import { RelationshipsView } from '../relationships/relationships-view';

prefetchConfigFromLocation();
prefetchRelatedFromLocation();

/**
 * /catalog/{id} and its tabs: header, deleted / stale-scrape banners, tabs with count badges, right sidebar.
 * `actions` are header actions the app adds for the item (the Playbooks menu).
 */
export function ConfigDetailPage({ actions }: { actions?: (config: { id: string; name: string | null; type: string }) => ReactNode } = {}) {
  const { id = '', tab } = useParams();
  const detail = useConfigDetail(id);
  if (!isConfigTab(tab)) return <Navigate to={`/catalog/${encodeURIComponent(id)}`} replace />;
  const config = detail.data;
  const breadcrumbs = [
    { label: 'Catalog', to: '/catalog' },
    ...(config ? [{ label: config.type, to: `/catalog?configType=${encodeURIComponent(encodeConfigType(config.type))}` }] : []),
  ];
  if (detail.isPending) return <Loading />;
  if (detail.error && !config) {
    return (
      <>
        <PageHeader title="Config" breadcrumbs={breadcrumbs} />
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      </>
    );
  }
  if (!config) {
    return (
      <>
        <PageHeader title="Config" breadcrumbs={breadcrumbs} />
        <EmptyState title="Details not found" description={`There is no config item with the id ${id}.`} />
      </>
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader title={config.name ?? config.id} breadcrumbs={breadcrumbs} actions={actions?.(config)} />
      <ConfigBanners config={config} />
      <div className="flex min-h-0 flex-1 flex-col gap-3 lg:flex-row">
        <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-3">
          <ConfigDetailTabs id={config.id} summary={config.summary} />
          {(tab ?? '') === '' && <ConfigTab config={config} />}
          {tab === 'changes' && <ChangesView configId={config.id} />}
          {tab === 'insights' && <InsightsView configId={config.id} />}
          {tab === 'relationships' && <RelationshipsView config={config} />}
          {tab === 'playbooks' && <PlaybooksTab configId={config.id} />}
          {tab === 'checks' && <ChecksTab configId={config.id} />}
        </div>
        <ConfigSidebar config={config} />
      </div>
    </div>
  );
}
