import { MESSAGES } from '@ops/shared';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, useTableUrlState } from '../../../components/data-table';
import { JobDetailsDialog } from '../../../components/job-history';
import { Button, PageHeader } from '../../../components/ui';
import { useFeatureFlags } from '../../../lib/use-feature-flags';
import { usePermissions } from '../../../lib/use-whoami';
import { integrationPath, type IntegrationRow } from '../api/integration-types';
import { useIntegrationList } from '../api/use-integration-list';
import { DIRECT_OPTIONS, type DirectArea } from '../components/direct-options';
import { integrationColumns, latestRun } from '../components/integration-columns';

// The dialog (option lists, chart schemas, manifest generators, the editor) loads only when opened.
const loadDialog = () => import('../components/add-integration-dialog');
const AddIntegrationDialog = lazy(() => loadDialog().then((m) => ({ default: m.AddIntegrationDialog })));

export interface IntegrationsPageProps {
  /** Areas whose pages exist; 'Add Directly' offers only those (the app knows from its navigation). */
  builtAreas: ReadonlySet<DirectArea>;
}

/**
 * /settings/integrations: scrapers, topologies and log backends with their latest run, paged on the server,
 * newest first; a row opens /settings/integrations/{type}/{id}. 'Add integration' needs write on integrations.
 */
export function IntegrationsPage({ builtAreas }: IntegrationsPageProps) {
  const navigate = useNavigate();
  const canWrite = usePermissions().can('integrations', 'write');
  const flags = useFeatureFlags();
  const [adding, setAdding] = useState(false);
  const [details, setDetails] = useState<IntegrationRow | null>(null);
  const table = useTableUrlState({ defaults: { sortBy: 'created_at', sortOrder: 'desc', pageSize: 100 } });
  const { list, lookups } = useIntegrationList(table.query);
  const columns = useMemo(() => integrationColumns(lookups, setDetails), [lookups]);
  const direct = DIRECT_OPTIONS.filter((o) => builtAreas.has(o.area) && flags.isEnabled(o.feature));

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader
        title="Integrations"
        breadcrumbs={[{ label: 'Settings' }]}
        actions={
          canWrite && (
            <Button size="sm" onClick={() => setAdding(true)} onPointerEnter={() => void loadDialog()}>
              <Plus aria-hidden /> Add integration
            </Button>
          )
        }
      />
      <DataTable
        label="Integrations"
        className="flex-1"
        columns={columns}
        data={list.data?.data}
        total={list.data?.total}
        state={table}
        isLoading={list.isPending}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        getRowId={(r) => `${r.integration_type}:${r.id}`}
        onRowClick={(r) => void navigate(integrationPath(r))}
        emptyText={MESSAGES.noResources}
      />
      <JobDetailsDialog job={details && latestRun(details)} onClose={() => setDetails(null)} />
      {adding && (
        <Suspense fallback={null}>
          <AddIntegrationDialog direct={direct} onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </div>
  );
}
