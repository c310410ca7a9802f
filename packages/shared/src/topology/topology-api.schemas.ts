// GET /api/canary/api/topology: the query the dashboard sends and the tree it gets back.
import { z } from 'zod';
import { topologyComponentSchema } from './component.schemas.js';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const topologyTreeQuerySchema = z.object({
  id: z.string().optional(),
  /** Health filter: healthy, unhealthy, warning or unknown (comma-separated for several). */
  status: z.string().optional(),
  type: z.string().optional(),
  /** A team's id or name: only components that team owns. */
  team: z.string().optional(),
  /** `key=value` pairs, comma-separated. */
  labels: z.string().optional(),
  sortBy: z.enum(['status', 'name', 'type', 'updated_at', 'created_at']).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  flatten: bool.optional(),
  /** false leaves hidden components out (default: shown). */
  hidden: bool.optional(),
  agent_id: z.string().optional(),
  /** Children depth returned under each component (default 3). */
  depth: z.coerce.number().int().min(0).max(10).optional(),
});
export type TopologyTreeQuery = z.infer<typeof topologyTreeQuerySchema>;

export const topologyTreeResponseSchema = z.object({
  components: z.array(topologyComponentSchema),
  /** Distinct types, health values, teams and agents of the whole result, for the filters. */
  types: z.array(z.string()),
  healthStatuses: z.array(z.string()),
  teams: z.array(z.string()),
  tags: z.record(z.string(), z.array(z.string())),
});
export type TopologyTreeResponse = z.infer<typeof topologyTreeResponseSchema>;

/** POST /api/topology/{id}/run → the job's outcome. */
export const topologyRunResponseSchema = z.object({
  id: z.string(),
  status: z.string(),
  components: z.number().int(),
  deleted: z.number().int(),
  errors: z.array(z.string()),
  duration_ms: z.number().int(),
});
export type TopologyRunResponse = z.infer<typeof topologyRunResponseSchema>;
