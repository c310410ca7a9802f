// The topology tree of GET /api/canary/api/topology: components with their rolled-up health, properties
// and summaries, nested under `components` unless flattened.
import { z } from 'zod';

export const componentPropertySchema = z
  .object({
    name: z.string(),
    label: z.string().optional(),
    type: z.string().optional(),
    text: z.string().optional(),
    value: z.number().optional(),
    unit: z.string().optional(),
    max: z.number().optional(),
    min: z.number().optional(),
    headline: z.boolean().optional(),
    tooltip: z.string().optional(),
    icon: z.string().optional(),
    color: z.string().optional(),
    order: z.number().optional(),
    status: z.string().optional(),
    links: z.array(z.object({ label: z.string().optional(), url: z.string(), type: z.string().optional() })).optional(),
  })
  .passthrough();
export type ComponentProperty = z.infer<typeof componentPropertySchema>;

/** Insights by analysis type, then severity; checks by health; incidents by type, then severity. */
export const componentSummarySchema = z.object({
  checks: z.object({ healthy: z.number().int(), unhealthy: z.number().int(), warning: z.number().int() }).partial().optional(),
  insights: z.record(z.string(), z.record(z.string(), z.number().int())).optional(),
  incidents: z.record(z.string(), z.record(z.string(), z.number().int())).optional(),
  healthy: z.number().int().optional(),
  unhealthy: z.number().int().optional(),
  warning: z.number().int().optional(),
  unknown: z.number().int().optional(),
});
export type ComponentSummary = z.infer<typeof componentSummarySchema>;

export const componentLogSelectorSchema = z.object({ name: z.string() }).passthrough();

export interface TopologyComponent {
  id: string;
  name: string;
  title?: string | null;
  text?: string | null;
  description?: string | null;
  type?: string | null;
  icon?: string | null;
  path: string;
  parent_id?: string | null;
  topology_id?: string | null;
  agent_id: string;
  external_id?: string | null;
  namespace?: string | null;
  owner?: string | null;
  tooltip?: string | null;
  hidden: boolean;
  status: string;
  health: string;
  status_reason?: string | null;
  labels: Record<string, string>;
  properties: ComponentProperty[];
  summary: ComponentSummary;
  logs: Array<{ name: string }>;
  created_at: string;
  updated_at: string;
  deleted_at?: string | null;
  components?: TopologyComponent[];
}

/** A component's own fields, without its children (non-recursive: OpenAPI documents can hold it). */
export const topologyComponentFieldsSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string().nullish(),
  text: z.string().nullish(),
  description: z.string().nullish(),
  type: z.string().nullish(),
  icon: z.string().nullish(),
  path: z.string(),
  parent_id: z.string().nullish(),
  topology_id: z.string().nullish(),
  agent_id: z.string(),
  external_id: z.string().nullish(),
  namespace: z.string().nullish(),
  owner: z.string().nullish(),
  tooltip: z.string().nullish(),
  hidden: z.boolean(),
  status: z.string(),
  health: z.string(),
  status_reason: z.string().nullish(),
  labels: z.record(z.string(), z.string()),
  properties: z.array(componentPropertySchema),
  summary: componentSummarySchema,
  logs: z.array(componentLogSelectorSchema),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullish(),
});

export const topologyComponentSchema: z.ZodType<TopologyComponent> = z.lazy(() =>
  topologyComponentFieldsSchema.extend({ components: z.array(topologyComponentSchema).optional() }),
);
