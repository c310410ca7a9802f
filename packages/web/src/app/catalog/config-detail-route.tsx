import { ConfigDetailPage } from '../../features/catalog/pages/config-detail-page';
import { LazyPlaybooksMenu, usePlaybooksEnabled } from '../playbooks/playbook-parts';

/** /catalog/{id} with the Playbooks menu of the config item in its header. */
export function ConfigDetailRoute() {
  const playbooks = usePlaybooksEnabled();
  return (
    <ConfigDetailPage
      actions={
        playbooks.menu
          ? (config) => <LazyPlaybooksMenu resource={{ config_id: config.id, name: config.name ?? config.id, type: config.type }} />
          : undefined
      }
    />
  );
}
