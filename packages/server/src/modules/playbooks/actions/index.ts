// Runs one playbook action: finds which block is set, hands it to that type's runner, and turns every
// user-caused failure (bad field, refused request, failed command, abort) into a failed outcome.
import { PLAYBOOK_ACTION_TYPES, type PlaybookActionType } from '@ops/shared';
import { abortMessage, ActionError, errorMessage, failedOutcome } from './action-failure.js';
import { withContentType } from './content-type.js';
import { execAction } from './exec/exec-action.js';
import { gitopsAction } from './gitops/gitops-action.js';
import { httpAction } from './http/http-action.js';
import { kubernetesAction } from './kube/kubernetes-action.js';
import { podAction } from './kube/pod-action.js';
import { logsAction } from './logs/logs-action.js';
import { notificationAction } from './notification/notification-action.js';
import { sqlAction } from './sql/sql-action.js';
import type { ActionContext, ActionOutcome, ActionRunner, PlaybookActionInput } from './types.js';

export type { ActionArtifact, ActionContext, ActionOutcome, ActionTemplateEnv, PlaybookActionInput } from './types.js';

const RUNNERS: Partial<Record<PlaybookActionType, ActionRunner>> = {
  exec: execAction,
  http: httpAction,
  sql: sqlAction,
  notification: notificationAction,
  logs: logsAction,
  gitops: gitopsAction,
  pod: podAction,
  kubernetes: kubernetesAction,
};

/** The action types this server can run. */
export const RUNNABLE_ACTION_TYPES = Object.keys(RUNNERS) as PlaybookActionType[];

/** Which block an action sets; throws when it sets none or more than one (the spec validator refuses both). */
export function actionTypeOf(action: PlaybookActionInput): PlaybookActionType {
  const set = PLAYBOOK_ACTION_TYPES.filter((t) => action[t] !== undefined && action[t] !== null);
  const which = action.name ? `action ${action.name}` : 'action';
  if (set.length === 0) throw new ActionError(`${which}: set one of ${PLAYBOOK_ACTION_TYPES.join(', ')}`);
  if (set.length > 1) throw new ActionError(`${which}: sets ${set.join(' and ')}; an action has exactly one type`);
  return set[0]!;
}

/** Runs the action; never throws for user errors: a failed outcome carries the message. */
export async function runAction(action: PlaybookActionInput, actx: ActionContext): Promise<ActionOutcome> {
  try {
    const type = actionTypeOf(action);
    const runner = RUNNERS[type];
    if (!runner) return failedOutcome(`${type} actions cannot run on this server`);
    if (actx.signal.aborted) return failedOutcome(abortMessage(actx.signal));
    const outcome = await runner(action[type], actx, action);
    if (actx.signal.aborted && outcome.status === 'completed') return { ...outcome, status: 'failed', error: abortMessage(actx.signal) };
    return withContentType(outcome, action.contentType);
  } catch (err) {
    if (actx.signal.aborted) return failedOutcome(abortMessage(actx.signal));
    if (err instanceof ActionError) return failedOutcome(err.message, err.result);
    // A template that fails at render time, a driver error: the message is the user's clue.
    return failedOutcome(errorMessage(err));
  }
}
