import { useMemo } from 'react';
import type { CheckDetailExtras } from '../../features/health/check-detail/check-detail-extras';
import { HealthPage } from '../../features/health/pages/health-page';
import { LazyPlaybooksMenu, LazyResourceRuns, resourceRunsParams, usePlaybooksEnabled } from '../playbooks/playbook-parts';

const RUNS_PREFIX = 'checkRuns';

/** /health with the playbooks area composed into the check detail: the Playbooks menu and a Playbook Runs tab. */
export function HealthRoute() {
  const playbooks = usePlaybooksEnabled();
  const extras = useMemo<CheckDetailExtras>(
    () => ({
      footer: playbooks.menu
        ? (check) => <LazyPlaybooksMenu resource={{ check_id: check.id, name: check.name, type: check.type }} />
        : undefined,
      tabs: playbooks.runs
        ? [
            {
              value: 'playbooks',
              label: 'Playbook Runs',
              params: resourceRunsParams(RUNS_PREFIX),
              render: (check) => <LazyResourceRuns filters={{ checkId: check.id }} prefix={RUNS_PREFIX} />,
            },
          ]
        : [],
    }),
    [playbooks.menu, playbooks.runs],
  );
  return <HealthPage checkDetail={extras} />;
}
