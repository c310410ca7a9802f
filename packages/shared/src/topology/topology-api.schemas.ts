// GET /api/canary/api/topology: the query the dashboard sends and the tree it gets back.
import { z } from 'zod';
import { topologyComponentSchema } from './component.schemas.js';

const bool = z.enum(['true', 'false'], { message: "must be 'true' or 'false'" }).transform((v) => v === 'true');
const uuid = (what: string) => z.guid({ message: `must be the id of ${what} (a UUID)` });
/** Health values the status filter takes. */
export const TOPOLOGY_HEALTH_FILTERS = ['healthy', 'unhealthy', 'warning', 'unknown', 'info'] as const;
const commaList = (text: string): string[] =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export const topologyTreeQuerySchema = z.object({
  /** One component: it comes back with its subtree nested under `components`. */
  id: uuid('a component').optional(),
  /** Health filter: healthy, unhealthy, warning or unknown (comma-separated for several). */
  status: z
    .string()
    .refine((v) => commaList(v).every((s) => (TOPOLOGY_HEALTH_FILTERS as readonly string[]).includes(s)), {
      message: `must be a comma-separated list of ${TOPOLOGY_HEALTH_FILTERS.join(', ')}`,
    })
    .optional(),
  /** Component types, comma-separated for several. */
  type: z.string().optional(),
  /** A team's id or name: only components that team owns. */
  team: z.string().optional(),
  /** `key=value` pairs, comma-separated. */
  labels: z
    .string()
    .refine((v) => commaList(v).every((pair) => /^[^=]+=/.test(pair)), { message: 'must be comma-separated key=value pairs' })
    .optional(),
  sortBy: z.enum(['status', 'name', 'type', 'updated_at', 'created_at']).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  flatten: bool.optional(),
  /** false leaves hidden components out (default: shown). */
  hidden: bool.optional(),
  agent_id: uuid('an agent').optional(),
  /** Levels of children nested under each card (default 1: the cards and their children, what a card shows). */
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
