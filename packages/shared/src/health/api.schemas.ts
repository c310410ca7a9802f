/**
 * `GET /api/canary/api?…` (canary-checker's original endpoint): checks with their recent statuses
 * (message and error included) and spec; `GET /api/canary/api/topology?…`: checks grouped by the
 * component they are linked to.
 */
import { z } from 'zod';
import { CHECK_HEALTH } from './constants.js';
import { checkSummaryQuerySchema, checkSummarySchema } from './summary.schemas.js';

export const apiQuerySchema = checkSummaryQuerySchema;

export const apiStatusSchema = z.object({
  time: z.string(),
  status: z.boolean(),
  duration: z.number().int(),
  message: z.string().nullable(),
  error: z.string().nullable(),
});

export const apiCheckSchema = checkSummarySchema.omit({ checkStatuses: true }).extend({
  spec: z.record(z.string(), z.unknown()),
  checkStatuses: z.array(apiStatusSchema),
});
export type ApiCheck = z.infer<typeof apiCheckSchema>;

export const apiResponseSchema = z.object({
  duration: z.number().int(),
  runnerName: z.string(),
  checks: z.array(apiCheckSchema),
});
export type ApiResponse = z.infer<typeof apiResponseSchema>;

export const topologyQuerySchema = z.object({
  component_id: z.string().optional(),
  check_id: z.string().optional(),
  status: z.enum(['healthy', 'unhealthy']).optional(),
});

/** A component (by id; component tables arrive with the topology area) with its checks' health. */
export const topologyComponentSchema = z.object({
  id: z.string(),
  status: z.enum(CHECK_HEALTH),
  summary: z.object({ healthy: z.number().int(), unhealthy: z.number().int(), unknown: z.number().int() }),
  checks: z.array(z.object({ id: z.string(), name: z.string(), type: z.string(), status: z.enum(CHECK_HEALTH), canary_id: z.string() })),
});

export const topologyResponseSchema = z.object({
  components: z.array(topologyComponentSchema),
});
export type TopologyResponse = z.infer<typeof topologyResponseSchema>;
