/**
 * `GET /api/canary/api?…` (canary-checker's original endpoint): checks with their recent statuses
 * (message and error included) and spec. The topology tree is the topology area's (topology/).
 */
import { z } from 'zod';
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
