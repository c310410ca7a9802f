import type { TopologyComponent } from '@ops/shared';
import { usePermissions } from '../../../lib/use-whoami';
import { CatalogPanel } from './catalog-panel';
import { ChangesPanel } from './changes-panel';
import { ChecksPanel } from './checks-panel';
import { DetailsPanel } from './details-panel';
import { InsightsPanel } from './insights-panel';
import { TeamsPanel } from './teams-panel';

/**
 * The zoomed-in component's sidebar. Catalog, Changes and Insights need read on the catalogue;
 * Incidents and Playbooks are not rendered: those areas do not exist in this console.
 */
export function TopologySidebar({ component }: { component: TopologyComponent }) {
  const perms = usePermissions();
  const catalog = perms.can('config_scrapers', 'read') || perms.can('database', 'read');
  return (
    <aside aria-label="Component details" className="w-full shrink-0 overflow-auto rounded-lg border bg-card lg:w-80 xl:w-96">
      <DetailsPanel component={component} />
      {catalog && <CatalogPanel componentId={component.id} />}
      {catalog && <ChangesPanel componentId={component.id} />}
      <ChecksPanel componentId={component.id} />
      <TeamsPanel componentId={component.id} />
      {catalog && <InsightsPanel componentId={component.id} />}
    </aside>
  );
}
