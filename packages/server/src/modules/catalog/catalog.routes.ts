// The catalogue calls: `POST /api/catalog/summary`, `POST /api/catalog/changes`, Run Now
// (`POST /api/config/scrapers/{id}/run`) and an insight's status (insights/insights.routes.ts). The scrape
// scheduler is started by server.ts (unless OPS_JOBS=false).
import {
  catalogChangesRequestSchema,
  catalogChangesResponseSchema,
  catalogSummaryRequestSchema,
  catalogSummaryResponseSchema,
  errorBodySchema,
  scraperRunResponseSchema,
} from '@ops/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../../http/auth.js';
import type { AppContext } from '../../context.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { ScrapeConfigError } from './engine/index.js';
import { insightRoutes } from './insights/insights.routes.js';
import { searchChanges } from './query/changes.repository.js';
import { catalogSummary } from './query/summary.repository.js';
import { timePoint } from './query/time-point.js';
import { runScraperNow, ScraperBusyError } from './scrapers/scraper.service.js';

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

/** Registers the catalogue routes (the scrape scheduler is started by the composition root, server.ts). */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await insightRoutes(app, ctx);

  r.post(
    '/api/catalog/summary',
    {
      preHandler: requirePermission('database', 'read'),
      schema: { tags: ['catalog'], body: catalogSummaryRequestSchema, response: { 200: catalogSummaryResponseSchema, ...errors } },
    },
    async (request) => {
      const started = performance.now();
      const body = request.body;
      if (body.cost !== '30d') throw badRequest(`cost: only '30d' is kept per item, not '${body.cost}'`);
      if (body.groupBy.length > 5) throw badRequest('groupBy: at most 5 entries');
      const now = new Date();
      const rows = await catalogSummary(ctx.db.kysely, {
        ...body,
        changesSince: timePoint('changes.since', body.changes.since, now),
        analysisSince: timePoint('analysis.since', body.analysis.since, now),
      });
      return {
        groupBy: body.groupBy,
        rows,
        total: rows.reduce((n, row) => n + row.count, 0),
        duration: Math.round(performance.now() - started),
      };
    },
  );

  r.post(
    '/api/catalog/changes',
    {
      preHandler: requirePermission('database', 'read'),
      schema: { tags: ['catalog'], body: catalogChangesRequestSchema, response: { 200: catalogChangesResponseSchema, ...errors } },
    },
    async (request) => {
      const started = performance.now();
      const query = request.body;
      const { rows, total, summary } = await searchChanges(ctx.db.kysely, query);
      return {
        changes: rows,
        total,
        page: query.page,
        page_size: query.page_size,
        summary,
        duration: Math.round(performance.now() - started),
      };
    },
  );

  r.post(
    '/api/config/scrapers/:id/run',
    {
      preHandler: requirePermission('config_scrapers', 'write'),
      schema: { tags: ['catalog'], params: z.object({ id: z.string() }), response: { 200: scraperRunResponseSchema, ...errors } },
    },
    async (request) => {
      try {
        const outcome = await runScraperNow(ctx, request.params.id);
        if (!outcome) throw notFound(`Scraper ${request.params.id} not found`);
        return { job_history_id: outcome.historyId, summary: outcome.summary };
      } catch (err) {
        if (err instanceof ScraperBusyError) throw new HttpError(409, err.message);
        if (err instanceof ScrapeConfigError) throw new HttpError(422, `The stored ScrapeConfig is invalid: ${err.message}`);
        throw err;
      }
    },
  );
}
