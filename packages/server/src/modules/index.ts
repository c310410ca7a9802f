import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { aboutRoutes } from './about.routes.js';
import { catalogRoutes } from './catalog/catalog.routes.js';
import { dataRoutes } from './data/data.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { authRoutes } from './identity/auth.routes.js';
import { resourcesRoutes } from './resources/resources.routes.js';

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** Every area's routes, registered in this order by the app. Add a new area here. */
export const ROUTE_MODULES: RouteModule[] = [healthRoutes, aboutRoutes, authRoutes, resourcesRoutes, catalogRoutes, dataRoutes];
