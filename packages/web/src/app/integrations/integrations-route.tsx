import type { DirectArea } from '../../features/integrations/components/direct-options';
import { IntegrationsPage } from '../../features/integrations/pages/integrations-page';
import { flattenNav, NAV } from '../nav';
import { PATHS } from '../paths';

// An 'Add Directly' area is offered once its page exists, which the navigation records (`exists`).
const AREA_PAGES: Record<DirectArea, string> = {
  scrapers: PATHS.catalog,
  topologies: PATHS.settings.topologies,
  logging_backends: PATHS.settings.loggingBackends,
};
const built = new Set(flattenNav(NAV).flatMap(({ item }) => (item.exists ? [item.path] : [])));
const BUILT_AREAS: ReadonlySet<DirectArea> = new Set(
  (Object.keys(AREA_PAGES) as DirectArea[]).filter((area) => built.has(AREA_PAGES[area])),
);

/** /settings/integrations with the areas built so far. */
export function IntegrationsRoute() {
  return <IntegrationsPage builtAreas={BUILT_AREAS} />;
}
