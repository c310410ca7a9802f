import { TopologyPage } from '../../features/topology/pages/topology-page';
import { LazyPlaybooksMenu, usePlaybooksEnabled } from '../playbooks/playbook-parts';
import { ComponentPlaybookRunsPanel } from './component-playbook-runs-panel';

/** /topology and /topology/{id}, with the Playbooks menu and the playbook runs panel of the zoomed-in component. */
export function TopologyRoute() {
  const playbooks = usePlaybooksEnabled();
  return (
    <TopologyPage
      sidebar={(c) => ({
        actions: playbooks.menu ? <LazyPlaybooksMenu resource={{ component_id: c.id, name: c.name, type: c.type ?? null }} /> : undefined,
        playbooks: playbooks.runs ? <ComponentPlaybookRunsPanel componentId={c.id} /> : undefined,
      })}
    />
  );
}
