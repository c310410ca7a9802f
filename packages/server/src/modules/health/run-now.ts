// Run Now: one check run outside its schedule, synchronously and bounded by its timeout, stored like a
// scheduled run. It takes the canary's lease, so it never overlaps a scheduled run of the same canary.
import { randomUUID } from 'node:crypto';
import { RUN_NOW_ROLES, canRunNow, type CheckHealth, type RunNowResponse } from '@ops/shared';
import type { AppContext } from '../../context.js';
import { ownerId } from '../../jobs/instance.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.js';
import { ResourceBusyError, runTimeoutMs, withRunLease } from '../../scheduling/index.js';
import type { Principal } from '../identity/index.js';
import { CanaryValidationError, runCanary, runCheck, type CheckResult, type ParsedCanary } from './engine/index.js';
import { canaryById, checkWithCanary, liveCheckIds } from './canary.repository.js';
import { countResults, CANARY_RUN_JOB } from './canary-runner.js';
import { statusRows } from './canary-results.js';
import { CANARY_SCHEDULE_KIND, parseCanaryRow } from './canary-sync.js';
import { emitTransitions } from './check-events.js';
import { storeStatuses } from './check-results.repository.js';
import { assertUuid } from './check-filters.js';
import { checkMetrics } from './metrics/check-metrics.js';

// How long Run Now waits for a scheduled run of the same canary to finish before answering 409.
const LEASE_WAIT_MS = 30_000;

/** Runs a check now for a caller in RUN_NOW_ROLES; 403 otherwise, 404 for an unknown check. */
export async function runCheckNow(ctx: AppContext, checkId: string, principal: Principal): Promise<RunNowResponse> {
  if (!canRunNow(principal.roles)) throw forbidden(`Forbidden: only ${RUN_NOW_ROLES.join(', ')} may run a check now`);
  assertUuid('id', checkId);
  const check = await checkWithCanary(ctx.db.kysely, checkId);
  if (!check) throw notFound(`check ${checkId} not found`);
  const row = await canaryById(ctx.db.kysely, check.canary_id);
  let parsed: ParsedCanary;
  try {
    parsed = parseCanaryRow(row!);
  } catch (err) {
    if (err instanceof CanaryValidationError) throw badRequest(`the canary of this check is not valid: ${err.message}`);
    throw err;
  }
  const timeoutMs = runTimeoutMs(parsed.schedule, ctx.config.OPS_CHECK_TIMEOUT_SECONDS * 1000);
  const lease = {
    kind: CANARY_SCHEDULE_KIND,
    resourceId: check.canary_id,
    owner: ownerId(`run-now:${randomUUID()}`),
    leaseMs: timeoutMs,
    waitMs: LEASE_WAIT_MS,
    busyMessage: 'the check is running now; try again when that run has finished',
  };
  try {
    return await withRunLease(ctx.db, lease, async () => {
      const results = await ctx.jobs.record(
        CANARY_RUN_JOB,
        { resourceType: 'canary', resourceId: check.canary_id, agentId: check.agent_id },
        async (run) => {
          const target = parsed.checks.find((c) => c.type === check.type && c.name === check.name);
          // A check that depends on others, or one a transform created, runs with its whole canary.
          const results: CheckResult[] =
            target && target.dependsOn.length === 0
              ? [await runCheck(target, { timeoutMs, connections: ctx.connections })]
              : await runCanary(parsed, { timeoutMs, connections: ctx.connections });
          const checkIds = await liveCheckIds(ctx.db.kysely, check.canary_id);
          const rows = await statusRows(ctx.db.kysely, { id: check.canary_id, agentId: check.agent_id, checkIds }, results, null);
          checkMetrics(ctx).recordRun({ parsed, checkIds }, results);
          await emitTransitions(ctx.events, await storeStatuses(ctx.db, rows), ctx.log);
          countResults(run, results);
          run.details.trigger = 'run-now';
          run.details.check_id = checkId;
          run.details.summary = { passed: results.filter((r) => r.pass).length, failed: results.filter((r) => !r.pass).length };
          return { results, checkIds };
        },
      );
      return await response(ctx, checkId, check, results.results, results.checkIds);
    });
  } catch (err) {
    if (err instanceof ResourceBusyError) throw new HttpError(409, err.message);
    throw err;
  }
}

async function response(
  ctx: AppContext,
  checkId: string,
  check: { type: string; name: string },
  results: CheckResult[],
  checkIds: Map<string, string>,
): Promise<RunNowResponse> {
  const idOf = (r: CheckResult): string => checkIds.get(`${r.identity.type}/${r.identity.name}`) ?? '';
  const ordered = [...results].sort((a, b) => Number(idOf(b) === checkId) - Number(idOf(a) === checkId));
  const after = await ctx.db.kysely
    .selectFrom('checks')
    .select(['id', 'status', 'last_runtime', 'next_runtime', 'last_transition_time'])
    .where('id', '=', checkId)
    .executeTakeFirstOrThrow();
  const iso = (d: Date | string | null): string | null => (d ? new Date(d).toISOString() : null);
  const failed = results.filter((r) => !r.pass).length;
  return {
    total: results.length,
    failed,
    success: results.length - failed,
    errors: results.filter((r) => !r.pass && r.error).map((r) => `${r.identity.name}: ${r.error}`),
    results: ordered.map((r) => ({
      check_id: idOf(r),
      name: r.identity.name || check.name,
      time: r.start.toISOString(),
      pass: r.pass,
      invalid: r.invalid,
      duration: Math.max(0, Math.round(r.duration)),
      message: r.display || r.message,
      error: r.error,
    })),
    check: {
      id: after.id,
      status: after.status as CheckHealth,
      last_runtime: iso(after.last_runtime),
      next_runtime: iso(after.next_runtime),
      last_transition_time: iso(after.last_transition_time),
    },
  };
}
