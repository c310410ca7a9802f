// `POST /api/logs`: a page of a component's log lines (by its selector) or a backend's, newest first.
// Read on topologies, like the component it belongs to; 403 when the logs feature is disabled.
import { errorBodySchema, logsQuerySchema, logsResponseSchema } from '@ops/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requirePermission } from '../../http/auth.js';
import { queryLogs } from './logs.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 502: errorBodySchema };

/** Registers the logs API. */
export async function logsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/logs',
    {
      preHandler: requirePermission('topologies', 'read'),
      schema: {
        tags: ['logs'],
        summary: "Lines of a component's log selector or of a log backend, newest first, paged by cursor",
        body: logsQuerySchema,
        response: { 200: logsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // A caller that goes away (the viewer moved on) stops the backend's read.
      const controller = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) controller.abort(new Error('the caller went away'));
      };
      reply.raw.once('close', onClose);
      try {
        return await queryLogs(ctx, request.body, controller.signal);
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
}
