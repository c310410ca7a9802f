// The health area's service: what routes and other modules (the Canary kind, the jobs) use.
import type { CheckSummaryQuery, GraphQuery } from '@ops/shared';
import type { AppContext } from '../../context.js';
import type { Principal } from '../identity/index.js';
import { CanaryStore } from './canary-store.js';
import { HealthQueries } from './health-queries.js';
import { runCheckNow } from './run-now.js';

/** The health service: queries, Run Now and canary storage. */
export class HealthService {
  readonly queries: HealthQueries;
  readonly canaries: CanaryStore;

  constructor(private readonly ctx: AppContext) {
    this.queries = new HealthQueries(ctx.db);
    this.canaries = new CanaryStore(ctx.config.OPS_CHECK_TIMEOUT_SECONDS * 1000);
  }

  /** Dashboard rows over a range, as JSON text (a CheckSummaryResponse). */
  summaryJson(q: CheckSummaryQuery) {
    return this.queries.summaryJson(q);
  }

  /** canary-checker's /api: checks with spec and recent runs. */
  api(q: CheckSummaryQuery) {
    return this.queries.api(q);
  }

  /** One check's graph. */
  graph(q: GraphQuery) {
    return this.queries.graph(q);
  }

  /** Checks by linked component. */
  /** Run a check now (RUN_NOW_ROLES only). */
  runNow(checkId: string, principal: Principal) {
    return runCheckNow(this.ctx, checkId, principal);
  }
}
