// POST /api/logs: lines of a component's log selector (or a backend directly), filtered by a text query
// and a time range, newest first, paged by a cursor so a million-line file is never read whole.
import { z } from 'zod';

export const logLineSchema = z.object({
  /** Unique within the backend (file and byte offset, Loki time and stream, search hit id). */
  id: z.string(),
  /** ISO time the line was written; '' when the line carries none (plain text in a file). */
  timestamp: z.string(),
  message: z.string(),
  severity: z.string().optional(),
  source: z.string().optional(),
  host: z.string().optional(),
  count: z.number().int().optional(),
  labels: z.record(z.string(), z.string()),
});
export type LogLineWire = z.infer<typeof logLineSchema>;

export const logsQuerySchema = z
  .object({
    /** The component whose `logs` entry names the selector. */
    id: z.string().optional(),
    /** The selector's name in the component's `logs` (default: its first). */
    name: z.string().optional(),
    /** Or a backend by id, without a component. */
    backend_id: z.string().optional(),
    query: z.string().max(1000).optional(),
    /** Relative (`now-2d`, `2d`) or ISO start; end defaults to now. */
    start: z.string().optional(),
    end: z.string().optional(),
    limit: z.number().int().min(1).max(5000).optional(),
    /** Opaque cursor from the previous page (older lines). */
    cursor: z.string().optional(),
  })
  .refine((q) => q.id || q.backend_id, { message: 'id (a component) or backend_id is required' });
export type LogsQuery = z.infer<typeof logsQuerySchema>;

export const logsResponseSchema = z.object({
  results: z.array(logLineSchema),
  /** Present when older lines remain. */
  next_cursor: z.string().optional(),
  /** Matching lines in the range, when the backend can tell (search backends). */
  total: z.number().int().optional(),
  /** The backend's name (for a component's selector) or kind. */
  backend: z.string(),
});
export type LogsResponse = z.infer<typeof logsResponseSchema>;
