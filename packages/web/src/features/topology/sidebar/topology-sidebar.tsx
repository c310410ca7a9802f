import type { TopologyComponent } from '@ops/shared';
import { Columns2, PanelRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { usePermissions } from '../../../lib/use-whoami';
import { CatalogPanel } from './catalog-panel';
import { ChangesPanel } from './changes-panel';
import { ChecksPanel } from './checks-panel';
import { DetailsPanel } from './details-panel';
import { InsightsPanel } from './insights-panel';
import { SidebarColumnsContext, useStoredSidebarColumns } from './sidebar-columns';
import { TeamsPanel } from './teams-panel';

/** What the app adds to the sidebar: a top-row menu, and a panel placed after Checks. */
export interface SidebarParts {
  actions?: ReactNode;
  playbooks?: ReactNode;
}

/**
 * The zoomed-in component's sidebar. Catalog, Changes and Insights need read on the catalogue; Incidents is not
 * rendered (no incidents area yet). The app adds `actions` (its Playbooks menu) to the top row and `playbooks`
 * (the component's playbook runs panel) after Checks.
 * Two-column mode widens the sidebar and lays its lists out in two columns, 5 items before 'show more'.
 */
export function TopologySidebar({ component, actions, playbooks }: { component: TopologyComponent } & SidebarParts) {
  const perms = usePermissions();
  const catalog = perms.can('config_scrapers', 'read') || perms.can('database', 'read');
  const [columns, setColumns] = useStoredSidebarColumns();
  const wide = columns === 2;
  return (
    <aside
      aria-label="Component details"
      className={cn('w-full shrink-0 overflow-auto rounded-lg border bg-card', wide ? 'lg:w-[36rem] xl:w-[42rem]' : 'lg:w-80 xl:w-96')}
    >
      <div className="flex items-center justify-end gap-2 border-b px-2 py-1">
        {actions && <div className="mr-auto flex items-center gap-2">{actions}</div>}
        <button
          type="button"
          aria-pressed={wide}
          title={wide ? 'One column' : 'Two columns'}
          aria-label="Two columns"
          onClick={() => setColumns(wide ? 1 : 2)}
          className="rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          {wide ? <PanelRight aria-hidden className="size-4" /> : <Columns2 aria-hidden className="size-4" />}
        </button>
      </div>
      <SidebarColumnsContext.Provider value={columns}>
        <DetailsPanel component={component} />
        {catalog && <CatalogPanel componentId={component.id} />}
        {catalog && <ChangesPanel componentId={component.id} />}
        <ChecksPanel componentId={component.id} />
        {playbooks}
        <TeamsPanel componentId={component.id} />
        {catalog && <InsightsPanel componentId={component.id} />}
      </SidebarColumnsContext.Provider>
    </aside>
  );
}
