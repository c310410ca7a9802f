import { TopologyPage } from '../../features/topology/pages/topology-page';
import { LazyPlaybooksMenu, usePlaybooksEnabled } from '../playbooks/playbook-parts';

/** /topology and /topology/{id}, with the Playbooks menu of the zoomed-in component in its sidebar. */
export function TopologyRoute() {
  const playbooks = usePlaybooksEnabled();
  return (
    <TopologyPage
      sidebarActions={
        playbooks.menu ? (c) => <LazyPlaybooksMenu resource={{ component_id: c.id, name: c.name, type: c.type ?? null }} /> : undefined
      }
    />
  );
}
