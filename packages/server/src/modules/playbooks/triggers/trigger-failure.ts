// A trigger that could not start a run (bad parameters, a filter that failed, approvals misconfigured) leaves
// a FAILED job-history row on the playbook, so the failure is visible on the Jobs page instead of only in a log.
import type { AppContext } from '../../../context.js';

/** job_history name of a trigger's failure to start a run. */
export const TRIGGER_JOB_NAME = 'playbook-trigger';

/** Record that `trigger` could not start `playbookId`; never throws (the caller carries on with other playbooks). */
export async function recordTriggerFailure(ctx: AppContext, playbookId: string, trigger: string, err: unknown): Promise<void> {
  ctx.log.warn({ err, playbook: playbookId, trigger }, 'a playbook trigger could not start a run');
  await ctx.jobs
    .record(TRIGGER_JOB_NAME, { resourceType: 'playbook', resourceId: playbookId }, async (run) => {
      run.details.trigger = trigger;
      throw err;
    })
    .catch(() => undefined);
}
