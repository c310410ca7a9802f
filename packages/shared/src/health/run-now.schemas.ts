/**
 * `POST /api/canary/run/check/{id}` runs one check now (synchronously, bounded by its timeout), stores the
 * result like a scheduled run and returns it. 403 for roles outside RUN_NOW_ROLES, 404 for an unknown or
 * deleted check. total/failed/success follow canary-checker's run response.
 */
import { z } from 'zod';
import { CHECK_HEALTH } from './constants.js';

export const runNowResultSchema = z.object({
  check_id: z.string(),
  name: z.string(),
  time: z.string(),
  pass: z.boolean(),
  invalid: z.boolean(),
  duration: z.number().int(),
  message: z.string(),
  error: z.string(),
});
export type RunNowResult = z.infer<typeof runNowResultSchema>;

export const runNowResponseSchema = z.object({
  total: z.number().int(),
  failed: z.number().int(),
  success: z.number().int(),
  errors: z.array(z.string()),
  /** The requested check's result first, then any checks its transform produced. */
  results: z.array(runNowResultSchema),
  /** The check after the run. */
  check: z.object({
    id: z.string(),
    status: z.enum(CHECK_HEALTH),
    last_runtime: z.string().nullable(),
    next_runtime: z.string().nullable(),
    last_transition_time: z.string().nullable(),
  }),
});
export type RunNowResponse = z.infer<typeof runNowResponseSchema>;
