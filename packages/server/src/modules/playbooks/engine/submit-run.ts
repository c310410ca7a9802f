// Starting a run: the live playbook, the resource it runs on (it must match the playbook's selectors), the
// parameters resolved and checked, the spec copied into the run, and the approval rule applied; then the
// workers of every process are woken so an idle one starts it at once.
import { randomUUID } from 'node:crypto';
import type { PlaybookResourceRef } from '@ops/shared';
import type { AppContext } from '../../../context.js';
import { resolveParamValues } from '../resources/render-params.js';
import { resourceLookupOf } from '../resources/resource-kinds.js';
import { loadRunResource, type RunResource } from '../resources/resource-ref.js';
import { playbookAppliesTo } from '../resources/resource-match.js';
import { SelectorError } from '../resources/selector-sql.js';
import { hasSelectors } from '../resources/spec-shape.js';
import { buildTemplateEnv, TemplateEnvError } from '../resources/template-env.js';
import { needsApproval, type EngineSpec } from './engine-spec.js';
import { literalDurationMs } from './durations.js';
import { asInputError, PlaybookInputError } from './errors.js';
import { livePlaybook, type LivePlaybook } from './playbook-source.js';
import { emitRunEvent } from './run-events.js';
import { sealSecretParams } from './secret-params.js';
import { insertRun, notifyWorkers } from './runs.repository.js';

export interface SubmitRunInput {
  playbookId: string;
  resource: PlaybookResourceRef;
  params?: Record<string, unknown>;
  /** manual, rerun, webhook, schedule, or the event name (config.updated, check.failed, …). */
  trigger: string;
  request?: unknown;
  /** people.id of who started it. */
  createdBy?: string | null;
  parentId?: string;
}

const KIND_NAMES = { config_id: 'config item', component_id: 'component', check_id: 'check' } as const;

/** Validate and queue a run; returns its id and when it is due. Throws PlaybookInputError naming the problem. */
export async function submitRun(app: AppContext, input: SubmitRunInput): Promise<{ runId: string; startsAt: Date }> {
  const db = app.db.kysely;
  const playbook = await livePlaybook(db, input.playbookId);
  if (!playbook) throw new PlaybookInputError('Playbook not found', 404);
  const resource = await runResource(app, playbook, input.resource, input.trigger);
  const runId = randomUUID();
  const given = input.params ?? {};
  let parameters: Record<string, unknown>;
  try {
    const env = await buildTemplateEnv(db, {
      playbook,
      run: { id: runId, parameters: given, created_by: input.createdBy ?? null, request: input.request },
      resource,
    });
    parameters = sealSecretParams(app.config, playbook.spec, await resolveParamValues(db, playbook.spec, given, env));
  } catch (err) {
    const e = asInputError(err);
    if (e instanceof PlaybookInputError) throw e;
    // A spec env entry or template that cannot be resolved is the playbook's problem, not the server's.
    if (err instanceof TemplateEnvError) throw new PlaybookInputError(err.message, 422);
    throw e;
  }
  return queueRun(app, playbook, {
    runId,
    ref: input.resource,
    parameters,
    trigger: input.trigger,
    request: input.request,
    createdBy: input.createdBy ?? null,
    parentId: input.parentId ?? null,
  });
}

/** Insert a run with resolved, sealed parameters (a re-run reuses those of its parent) and wake the workers. */
export async function queueRun(
  app: AppContext,
  playbook: LivePlaybook,
  run: {
    runId: string;
    ref: PlaybookResourceRef;
    parameters: Record<string, unknown>;
    trigger: string;
    request?: unknown;
    createdBy: string | null;
    parentId: string | null;
  },
): Promise<{ runId: string; startsAt: Date }> {
  const spec = playbook.spec;
  const status = needsApproval(spec) ? 'pending_approval' : 'scheduled';
  const startsAt = await insertRun(app.db.kysely, {
    id: run.runId,
    playbookId: playbook.id,
    status,
    spec,
    parameters: run.parameters,
    trigger: run.trigger,
    request: run.request,
    componentId: run.ref.component_id ?? null,
    configId: run.ref.config_id ?? null,
    checkId: run.ref.check_id ?? null,
    parentId: run.parentId,
    timeoutMs: timeoutMsOf(spec),
    createdBy: run.createdBy,
  });
  const row = { id: run.runId, playbook_id: playbook.id };
  if (status === 'pending_approval') await emitRunEvent(app, 'pending_approval', row, status);
  else await notifyWorkers(app.db.kysely).catch((err: unknown) => app.log.warn({ err }, 'could not wake playbook workers'));
  return { runId: run.runId, startsAt };
}

/** The whole run's time limit from spec.timeout (null when unset). */
export function timeoutMsOf(spec: EngineSpec): number | null {
  if (!spec.timeout) return null;
  const ms = literalDurationMs(spec.timeout);
  return ms && ms > 0 ? Math.min(ms, 2_147_483_647) : null;
}

// The resource the run is for: at most one, existing, and one the playbook may run on.
async function runResource(app: AppContext, playbook: LivePlaybook, ref: PlaybookResourceRef, trigger: string): Promise<RunResource> {
  const given = (Object.keys(KIND_NAMES) as (keyof typeof KIND_NAMES)[]).filter((k) => ref[k]);
  if (given.length > 1) throw new PlaybookInputError(`give one of config_id, component_id or check_id, not ${given.join(' and ')}`, 400);
  let resource: RunResource;
  try {
    resource = await loadRunResource(app.db.kysely, ref, resourceLookupOf(trigger));
  } catch (err) {
    throw asInputError(err);
  }
  // A playbook without selectors runs anywhere (the conformance playbooks read `.config` without naming
  // one); with selectors the resource must match them.
  if (given.length > 0 && !hasSelectors(playbook.spec)) return resource;
  // A webhook, schedule or event run may come without a resource (the conformance webhook playbook has
  // component selectors); a person starting one by hand picks a resource the selectors match.
  if (given.length === 0 && trigger !== 'manual') return resource;
  if (!(await appliesTo(app, playbook, ref, trigger))) {
    const key = given[0];
    const why = key
      ? `it does not match the playbook's ${key.replace('_id', '')}s selectors`
      : 'the playbook runs only on a resource matching its configs, components or checks selectors; give config_id, component_id or check_id';
    const what = key ? `${KIND_NAMES[key]} ${ref[key]}` : 'no resource';
    throw new PlaybookInputError(`Playbook '${playbook.name}' cannot run on ${what}: ${why}`, 422);
  }
  return resource;
}

// A selector of the stored spec that cannot be turned into a query is the playbook's fault: 422 naming it.
async function appliesTo(app: AppContext, playbook: LivePlaybook, ref: PlaybookResourceRef, trigger: string): Promise<boolean> {
  try {
    return await playbookAppliesTo(app.db.kysely, playbook.spec, ref, resourceLookupOf(trigger));
  } catch (err) {
    if (err instanceof SelectorError)
      throw new PlaybookInputError(`Playbook '${playbook.name}' has a selector that cannot be used: ${err.message}`, 422);
    throw err;
  }
}
