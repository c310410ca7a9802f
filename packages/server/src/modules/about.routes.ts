import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';

/** `GET /api/about` (no auth): the backend version the UI shows. */
export async function aboutRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/about',
      {
        config: { public: true },
        schema: { tags: ['meta'], response: { 200: z.object({ Version: z.string(), mode: z.enum(['full', 'health']) }) } },
      },
      async () => ({ Version: ctx.config.version, mode: ctx.config.OPS_MODE }),
    );
}
