// `POST /api/connection/test/:id`: really connect with a stored connection (the Test button of the
// connection form). Admin only, like the rest of the connections API, since a test uses the stored
// secrets. 200 {message: 'ok'}; 400 with the cause; 501 for a type without a test; 404 unknown id.
import { errorBodySchema } from '@ops/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isDatabaseUnavailable, isPgError } from '../../db/pg-error.js';
import { requirePermission } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { getConnectionForUse } from './connection-use.js';
import { NotTestableError, testConnection } from './testing/index.js';

/** The most a test may take; the page waits for the answer. */
export const CONNECTION_TEST_TIMEOUT_MS = 15_000;

const NOT_SUPPORTED = 'We currently do not support testing this connection type';

export async function connectionTestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/connection/test/:id',
    {
      // Before validation, so a caller without the right learns nothing, not even that an id is malformed.
      preValidation: requirePermission('connections', 'write'),
      schema: {
        tags: ['connections'],
        summary: 'Test a connection by connecting to it',
        params: z.object({ id: z.guid({ message: 'id must be a UUID' }) }),
        response: {
          200: z.object({ message: z.literal('ok') }),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          501: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      let connection: Awaited<ReturnType<typeof getConnectionForUse>>;
      try {
        connection = await getConnectionForUse(ctx, id);
      } catch (err) {
        // The database's own failures keep the error handler's answer (503 or 500); what is left is a
        // credential that cannot be used (a valueFrom reference that does not resolve), named by the message.
        if (isPgError(err) || isDatabaseUnavailable(err) || !(err instanceof Error)) throw err;
        const cause = err.message;
        return reply.status(400).send({ error: `Connection test failed: ${cause}`, message: cause });
      }
      if (!connection) throw notFound(`connection ${id} not found`);
      // The test stops when the caller goes away (the page closed) as well as at the deadline.
      const controller = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) controller.abort(new Error('the caller went away'));
      };
      reply.raw.once('close', onClose);
      try {
        await testConnection(connection, { signal: controller.signal, timeoutMs: CONNECTION_TEST_TIMEOUT_MS });
        return { message: 'ok' as const };
      } catch (err) {
        if (err instanceof NotTestableError) return reply.status(501).send({ error: 'not implemented', message: NOT_SUPPORTED });
        const cause = err instanceof Error ? err.message : String(err);
        return reply.status(400).send({ error: `Connection test failed: ${cause}`, message: cause });
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
}
