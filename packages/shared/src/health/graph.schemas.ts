/**
 * `GET /api/canary/api/graph?check&count&start[&end]`: a check's status and latency over time.
 * Short ranges give raw runs; longer ones are bucketed (raw minutes, hourly or daily rollups) so at most
 * `count` points come back.
 */
import { z } from 'zod';
import { GRAPH_COUNT_MAX } from './constants.js';
import { latencySchema, uptimeSchema } from './summary.schemas.js';

export const graphQuerySchema = z.object({
  check: z.guid({ message: 'check must be the id of a check (a UUID)' }),
  /** Maximum number of points (default GRAPH_COUNT_DEFAULT). */
  count: z.coerce.number().int().min(1).max(GRAPH_COUNT_MAX).optional(),
  /** ISO, date math (`now-1d`) or a duration (`1d`); default: the last hour. */
  start: z.string().optional(),
  end: z.string().optional(),
});
export type GraphQuery = z.infer<typeof graphQuerySchema>;

/**
 * One point. Raw (`bucket` null): one run; passed/failed are 1/0, message/error set.
 * Bucketed: the bucket's start time, `status` true when nothing failed, `duration` the average ms,
 * `max` the slowest run.
 */
export const graphPointSchema = z.object({
  time: z.string(),
  status: z.boolean(),
  duration: z.number(),
  passed: z.number().int(),
  failed: z.number().int(),
  max: z.number().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
});
export type GraphPoint = z.infer<typeof graphPointSchema>;

export const graphResponseSchema = z.object({
  /** Oldest first. */
  status: z.array(graphPointSchema),
  /** Bucket size like '5m', '1h', '1d'; null when the points are raw runs. */
  bucket: z.string().nullable(),
  bucket_seconds: z.number().int().nullable(),
  start: z.string(),
  end: z.string(),
  latency: latencySchema,
  uptime: uptimeSchema,
});
export type GraphResponse = z.infer<typeof graphResponseSchema>;
