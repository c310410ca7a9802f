// The health area as the rest of the server uses it: the `Canary` kind of apply and the check scheduler
// the composition root starts. Its routes are registered from modules/route-modules.ts.
export { canaryKind, type CanaryKindEntry } from './canary.kind.js';
export { CheckScheduler, type SchedulerOptions } from './check-scheduler.js';
export { checkRetentionJob, checkRollupJob, checkSummaryJob } from './health.jobs.js';
export { checkConfigLinksJob } from './check-config-links.js';
export { HEALTH_RELATIONS } from './health.relations.js';
