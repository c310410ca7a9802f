import { PLAYBOOK_RUNS_TAB_PAGE_SIZE } from '@ops/shared';
import { lazy, Suspense } from 'react';
import type { RunDialogResource } from '../../features/playbooks';
import { useFeatureFlags } from '../../lib/use-feature-flags';
import { usePermissions } from '../../lib/use-whoami';

// The playbooks area's pieces other pages show, each loaded on first render so the host page's chunk stays small.
const Menu = lazy(() => import('../../features/playbooks/menus/playbooks-menu').then((m) => ({ default: m.PlaybooksMenu })));
const RunsTable = lazy(() => import('../../features/playbooks/runs/runs-table').then((m) => ({ default: m.PlaybookRunsTable })));

/** Whether the playbooks area is on (feature flag): hosts hide the menu and the runs tab when it is off. */
export function usePlaybooksEnabled(): { menu: boolean; runs: boolean } {
  const flags = useFeatureFlags();
  const perms = usePermissions();
  const on = flags.isEnabled('playbooks');
  return { menu: on && perms.can('playbook_runs', 'write'), runs: on && perms.can('playbook_runs', 'read') };
}

/** The Playbooks menu for a resource (it checks write on playbook_runs itself). */
export function LazyPlaybooksMenu({ resource }: { resource: RunDialogResource }) {
  return (
    <Suspense fallback={null}>
      <Menu resource={resource} />
    </Suspense>
  );
}

/** The resource's playbook runs, 200 a page, under the given URL param names. */
export function LazyResourceRuns({
  filters,
  prefix,
}: {
  filters: { checkId?: string; configId?: string; componentId?: string };
  prefix: string;
}) {
  return (
    <Suspense fallback={null}>
      <RunsTable filters={filters} urlState={resourceRunsUrlState(prefix)} className="min-h-48 flex-1" />
    </Suspense>
  );
}

/** The paging params of a resource's runs tab, e.g. checkRunsPageIndex. */
export function resourceRunsParams(prefix: string): string[] {
  return ['PageIndex', 'PageSize', 'SortBy', 'SortOrder'].map((p) => `${prefix}${p}`);
}

function resourceRunsUrlState(prefix: string) {
  const [pageIndex, pageSize, sortBy, sortOrder] = resourceRunsParams(prefix) as [string, string, string, string];
  return {
    names: { pageIndex, pageSize, sortBy, sortOrder },
    defaults: { pageSize: PLAYBOOK_RUNS_TAB_PAGE_SIZE, sortBy: 'created_at', sortOrder: 'desc' as const },
  };
}
