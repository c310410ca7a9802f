/**
 * A check status history row as `/api/db/check_statuses` returns it. Filter `status=eq.1` (healthy) or
 * `status=eq.0` (unhealthy), `duration=gte.{ms}`, `time=gt.{iso}`, `order=time.desc`, paged with
 * `limit`/`offset` and `Prefer: count=exact` (total in Content-Range).
 */
import { z } from 'zod';

export const checkStatusRowSchema = z.object({
  check_id: z.string(),
  time: z.string(),
  /** Milliseconds. */
  duration: z.number().int(),
  status: z.boolean(),
  invalid: z.boolean().optional(),
  message: z.string().nullable(),
  error: z.string().nullable(),
  detail: z.unknown().optional(),
  created_at: z.string().optional(),
});
export type CheckStatusRow = z.infer<typeof checkStatusRowSchema>;
