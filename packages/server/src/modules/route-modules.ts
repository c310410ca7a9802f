import type { RouteModule } from '../http/app.js';
import { aboutRoutes } from './about.routes.js';
import { catalogRoutes } from './catalog/catalog.routes.js';
import { connectionsRoutes, connectionTestRoutes } from './connections/index.js';
import { dataRoutes } from './data/data.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { authRoutes } from './identity/auth.routes.js';
import { logsRoutes } from './logs/index.js';
import { playbookReadRoutes, playbookRunRoutes, playbookWebhookRoutes } from './playbooks/index.js';
import { resourcesRoutes } from './resources/resources.routes.js';
import { searchRoutes } from './search/search.routes.js';
import { topologyRoutes, topologyRunRoutes } from './topology/index.js';

/** Every area's routes, registered in this order by the composition root. Add a new area here. */
export const ROUTE_MODULES: RouteModule[] = [
  healthRoutes,
  aboutRoutes,
  authRoutes,
  resourcesRoutes,
  catalogRoutes,
  connectionsRoutes,
  connectionTestRoutes,
  dataRoutes,
  searchRoutes,
  topologyRoutes,
  topologyRunRoutes,
  logsRoutes,
  playbookWebhookRoutes,
  playbookReadRoutes,
  playbookRunRoutes,
];
