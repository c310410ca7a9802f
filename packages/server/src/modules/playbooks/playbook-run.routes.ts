// The run calls: POST /api/playbook/run (write on playbooks, or write on playbook_runs for a run on a check),
// and a run's cancel (write on playbooks), approve (a listed approver) and rerun (as for run). Permission
// documents come first: a matching deny refuses a run, re-run or approval; a matching allow admits a run or
// re-run by a caller the roles would not.
import { can, errorBodySchema, playbookRunRequestSchema } from '@ops/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { principalOf, requirePermission } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { explainPlaybookDecision, type PlaybookPermissionAction, type RunResourceRef } from '../permissions/index.js';
import { playbookById } from './playbooks.repository.js';
import { approveRun, cancelRun, PlaybookInputError, rerunRun, submitRun } from './engine/index.js';
import { existingRun } from './engine/run-controls.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};
const runResponse = z.object({ run_id: z.string(), starts_at: z.string() });
const params = z.object({ id: z.string() });
const tags = ['playbooks'];

/** Answers a refused request with its status and message. */
function refused(err: unknown): never {
  if (err instanceof PlaybookInputError) throw new HttpError(err.status, err.message);
  throw err;
}

/** Run and re-run: write on playbooks, or write on playbook_runs when the run is on a check (the check's Playbooks menu). */
function mayRun(request: FastifyRequest, onCheck: boolean): void {
  const p = principalOf(request);
  if (can(p.roles, 'playbooks', 'write') || (onCheck && can(p.roles, 'playbook_runs', 'write'))) return;
  const what = onCheck ? 'write on playbooks or playbook_runs' : 'write on playbooks';
  throw new HttpError(403, `Forbidden: running a playbook needs ${what}; roles ${p.roles.join(', ') || 'none'}`);
}

/** Permission documents first: a matching deny refuses (403 naming it), a matching allow admits without the role rule. */
async function allowedByPermission(ctx: AppContext, request: FastifyRequest, playbookId: string, ref: RunResourceRef): Promise<boolean> {
  const p = principalOf(request);
  const playbook = await playbookById(ctx.db.kysely, playbookId);
  if (!playbook) return false;
  const { decision, permission } = await explainPlaybookDecision(ctx.db.kysely, p, playbook, ref);
  if (decision === 'deny')
    throw new HttpError(403, `Permission ${permission!.name} denies ${p.email ?? p.name} running playbook ${playbook.name}`);
  return decision === 'allow';
}

/** A matching deny of `action` on the run's playbook and resource refuses the call (403 naming the permission). */
async function deniedByPermission(
  ctx: AppContext,
  request: FastifyRequest,
  run: { playbook_id: string; config_id: string | null; component_id: string | null; check_id: string | null },
  action: PlaybookPermissionAction,
): Promise<void> {
  const p = principalOf(request);
  const playbook = await playbookById(ctx.db.kysely, run.playbook_id);
  if (!playbook) return;
  const ref = { config_id: run.config_id ?? undefined, component_id: run.component_id ?? undefined, check_id: run.check_id ?? undefined };
  const { decision, permission } = await explainPlaybookDecision(ctx.db.kysely, p, playbook, ref, action);
  if (decision === 'deny')
    throw new HttpError(403, `Permission ${permission!.name} denies ${p.email ?? p.name} approving playbook ${playbook.name}`);
}

/** Registers the run, cancel, approve and rerun routes of playbooks. */
export async function playbookRunRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/playbook/run',
    { schema: { tags, body: playbookRunRequestSchema, response: { 200: runResponse, ...errors } } },
    async (request) => {
      const { id, params: values, ...ref } = request.body;
      if (!(await allowedByPermission(ctx, request, id, ref))) mayRun(request, Boolean(ref.check_id));
      const p = principalOf(request);
      const out = await submitRun(ctx, { playbookId: id, resource: ref, params: values, trigger: 'manual', createdBy: p.id }).catch(
        refused,
      );
      return { run_id: out.runId, starts_at: out.startsAt.toISOString() };
    },
  );
  r.post(
    '/api/playbook/run/:id/cancel',
    {
      preHandler: requirePermission('playbooks', 'write'),
      schema: { tags, params, response: { 200: z.object({ id: z.string(), status: z.string() }), ...errors } },
    },
    async (request) => {
      await cancelRun(ctx, request.params.id, principalOf(request)).catch(refused);
      return { id: request.params.id, status: 'cancelled' };
    },
  );
  r.post(
    '/api/playbook/run/:id/approve',
    {
      preHandler: requirePermission('playbooks', 'read'),
      schema: { tags, params, response: { 200: z.object({ id: z.string() }), ...errors } },
    },
    async (request) => {
      // Approvers come from the spec's list; a Permission denying playbook:approve still refuses one of them.
      const run = await existingRun(ctx, request.params.id).catch(refused);
      await deniedByPermission(ctx, request, run, 'playbook:approve');
      await approveRun(ctx, request.params.id, principalOf(request)).catch(refused);
      return { id: request.params.id };
    },
  );
  r.post('/api/playbook/run/:id/rerun', { schema: { tags, params, response: { 200: runResponse, ...errors } } }, async (request) => {
    const run = await existingRun(ctx, request.params.id).catch(refused);
    const ref = { config_id: run.config_id ?? undefined, component_id: run.component_id ?? undefined, check_id: run.check_id ?? undefined };
    if (!(await allowedByPermission(ctx, request, run.playbook_id, ref))) mayRun(request, Boolean(run.check_id));
    const out = await rerunRun(ctx, request.params.id, principalOf(request)).catch(refused);
    return { run_id: out.runId, starts_at: out.startsAt.toISOString() };
  });
}
