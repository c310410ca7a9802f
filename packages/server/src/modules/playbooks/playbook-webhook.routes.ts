// `GET|POST /api/playbook/webhook/{path}`: a public endpoint that starts the playbook whose `on.webhook.path`
// it names, after the spec's own authentication (the session auth hook leaves these calls alone). The request
// becomes the run's `request`, so templates read `.request.params.name` or `.request.json`.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@ops/shared';
import type { AppContext } from '../../context.js';
import { HttpError, notFound, unauthorized } from '../../http/errors.js';
import { PlaybookInputError, submitRun } from './engine/index.js';
import { playbookByWebhookPath } from './playbooks.repository.js';
import { triggerSpecOf } from './triggers/trigger-spec.js';
import { webhookAuthFailure } from './triggers/webhook-auth.js';
import { webhookRunRequest } from './triggers/webhook-request.js';

/** The largest webhook body kept with a run. */
export const WEBHOOK_BODY_LIMIT = 4 * 1024 * 1024;

/** Registers the webhook endpoint in its own scope: every body arrives as bytes, as signatures need it. */
export async function playbookWebhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: ['GET', 'POST'],
      url: '/api/playbook/webhook/:path',
      config: { public: true, ownCredentials: true },
      // A HEAD (link checkers, probes) must not start a run as Fastify's automatic HEAD of a GET would.
      exposeHeadRoute: false,
      schema: {
        tags: ['playbooks'],
        summary: "Start the playbook with this webhook path (authenticated by the playbook's own rule)",
        params: z.object({ path: z.string().min(1) }),
        response: {
          200: z.object({ run_id: z.string() }),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema,
        },
      },
      handler: async (request) => {
        const { path } = request.params;
        const playbook = await playbookByWebhookPath(ctx.db.kysely, path);
        if (!playbook) throw notFound(`No playbook has the webhook path "${path}"`);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const auth = triggerSpecOf(playbook.spec).on?.webhook?.authentication;
        const failure = await webhookAuthFailure(auth, { headers: request.headers, body }, playbook.namespace).catch((err: unknown) => {
          // A credential the server cannot read is the operator's problem: the log says which, the caller is refused.
          request.log.error({ err, playbook: playbook.id }, 'playbook webhook credentials cannot be read');
          return 'the webhook cannot check credentials';
        });
        if (failure) {
          request.log.warn({ playbook: playbook.id, reason: failure }, 'playbook webhook call refused');
          throw unauthorized(`Unauthorized: ${failure}`);
        }
        const run = await submitRun(ctx, {
          playbookId: playbook.id,
          resource: {},
          trigger: 'webhook',
          request: webhookRunRequest({
            method: request.method,
            url: request.url,
            headers: request.headers,
            query: (request.query ?? {}) as Record<string, unknown>,
            body,
          }),
        }).catch((err: unknown) => {
          // A run the engine refuses (a required parameter without a default, approvers unknown…) is the spec's problem.
          if (err instanceof PlaybookInputError) throw new HttpError(err.status, err.message);
          throw err;
        });
        return { run_id: run.runId };
      },
    });
  });
}
