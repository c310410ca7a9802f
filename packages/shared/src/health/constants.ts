/** Health-check constants shared by the server (enforcement) and the web (mirroring). */
import { RUN_NOW_ROLES } from '../rbac.js';

/** Whether a user holding `roles` may run a check now (RUN_NOW_ROLES); no role counts as viewer. */
export function canRunNow(roles: readonly string[]): boolean {
  return roles.some((r) => (RUN_NOW_ROLES as readonly string[]).includes(r));
}

/** A check's health as the API reports it; `unknown` until its first run (shown grey). */
export const CHECK_HEALTH = ['healthy', 'unhealthy', 'unknown'] as const;
export type CheckHealth = (typeof CHECK_HEALTH)[number];

/** Events a status change puts into the event queue. */
export const CHECK_EVENTS = { passed: 'check.passed', failed: 'check.failed' } as const;

/** The Canary kind users apply (canary-checker's apiVersion). */
export const CANARY_API_VERSION = 'canaries.flanksource.com/v1';
export const CANARY_KIND = 'Canary';

/** How many recent statuses each summary row carries by default, and the most a caller may ask for (the check keeps 5). */
export const SUMMARY_STATUSES_DEFAULT = 5;
export const SUMMARY_STATUSES_MAX = 5;

/** Graph: default and maximum number of points returned. */
export const GRAPH_COUNT_DEFAULT = 300;
export const GRAPH_COUNT_MAX = 2000;

/** Deployment modes (`OPS_MODE`): `health` serves only the health API and dashboard. */
export const OPS_MODES = ['full', 'health'] as const;
export type OpsMode = (typeof OPS_MODES)[number];
