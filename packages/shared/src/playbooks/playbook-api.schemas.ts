// The /api/playbook calls as both sides see them: run, params, list, run and action detail, cancel, approve,
// and POST /api/resources/search. The spec's own schema is playbook-spec.schema.ts.
import { z } from 'zod';
import type { PlaybookActionStatus, PlaybookParameterType, PlaybookRunStatus } from './constants.js';

const uuid = (what: string) => z.guid({ message: `must be the id of ${what} (a UUID)` });

/** The resource a run is for: at most one of a component, a config item or a check. */
export const playbookResourceRefSchema = z.object({
  component_id: uuid('a component').optional(),
  config_id: uuid('a config item').optional(),
  check_id: uuid('a check').optional(),
});
export type PlaybookResourceRef = z.infer<typeof playbookResourceRefSchema>;

/** POST /api/playbook/run */
export const playbookRunRequestSchema = playbookResourceRefSchema.extend({
  id: uuid('a playbook'),
  /** Parameter values by name; values of config/component/check/team/people parameters are ids. */
  params: z.record(z.string(), z.unknown(), { message: 'must be a map of parameter names to values' }).optional(),
});
export type PlaybookRunRequest = z.infer<typeof playbookRunRequestSchema>;

export interface PlaybookRunResponse {
  run_id: string;
  /** When the run is due (now, unless approvals hold it). */
  starts_at: string;
}

/** A parameter as the run dialog shows it: the spec's declaration with its default rendered for the resource. */
export interface PlaybookParameterWire {
  name: string;
  label: string;
  type: PlaybookParameterType;
  required: boolean;
  description?: string;
  icon?: string;
  /** The default after its template was rendered against the resource (a string, or true/false for a checkbox). */
  default?: string | boolean;
  properties?: PlaybookParameterProperties;
}

export interface PlaybookParameterProperties {
  size?: string;
  language?: string;
  jsonSchemaUrl?: string;
  options?: Array<string | { label: string; value: string }>;
  filter?: Record<string, unknown> | Array<Record<string, unknown>>;
  multiline?: boolean | string;
  minLength?: number | string;
  maxLength?: number | string;
  regex?: string;
  format?: 'bytes' | 'millicores' | 'dns1123' | string;
  min?: number | string;
  max?: number | string;
}

/** POST /api/playbook/{id}/params */
export interface PlaybookParamsResponse {
  params: PlaybookParameterWire[];
}

/** GET /api/playbook/list?config_id|component_id|check_id: the playbooks that may run on that resource. */
export interface PlaybookListItem {
  id: string;
  name: string;
  title: string;
  icon?: string | null;
  description?: string | null;
  category: string;
  parameters: PlaybookParameterWire[];
  /** The resource matched one of the playbook's `on` event filters: offered first in the Playbooks menu. */
  suggested?: boolean;
}

export interface PlaybookPersonRef {
  id: string;
  name: string;
  email?: string | null;
  avatar?: string | null;
}

/** One attempt of one action, as the run page lists it (the result comes with the action by id). */
export interface PlaybookRunActionWire {
  id: string;
  playbook_run_id: string;
  name: string;
  position: number;
  attempt: number;
  status: PlaybookActionStatus;
  scheduled_time: string;
  start_time: string | null;
  end_time: string | null;
  error: string | null;
}

/** GET /api/playbook/run/action/{id} */
export interface PlaybookRunActionDetail extends PlaybookRunActionWire {
  result: Record<string, unknown> | null;
  /**
   * Log streams too long to inline (over 256 KiB): left out of `result` and fetched as text from
   * GET /api/playbook/run/action/{id}/log/{stream}; `bytes` is the stream's UTF-8 size.
   */
  logs?: Partial<Record<'stdout' | 'stderr', { bytes: number }>>;
  artifacts: { id: string; path: string; filename: string; content_type: string; size: number }[];
}

/** GET /api/playbook/run/{id} */
export interface PlaybookRunWire {
  id: string;
  playbook_id: string;
  status: PlaybookRunStatus;
  parameters: Record<string, unknown>;
  trigger: string;
  error: string | null;
  created_at: string;
  scheduled_time: string;
  start_time: string | null;
  end_time: string | null;
  component_id: string | null;
  config_id: string | null;
  check_id: string | null;
  parent_id: string | null;
  created_by: PlaybookPersonRef | null;
  playbook: { id: string; name: string; title: string; icon: string | null; category: string };
  component: { id: string; name: string; type: string | null; icon: string | null } | null;
  config: { id: string; name: string | null; type: string | null } | null;
  check: { id: string; name: string; type: string; canary_id: string } | null;
  actions: PlaybookRunActionWire[];
  /** The spec's approval rule and who approved so far; `can_approve` for the caller. */
  approval: { type: 'any' | 'all'; people: string[]; teams: string[] } | null;
  approvals: { person: PlaybookPersonRef; created_at: string }[];
  can_approve: boolean;
}

/** A resource selector as playbooks, topology and notifications write it. */
export const resourceSelectorSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  namespace: z.string().optional(),
  agent: z.string().optional(),
  types: z.array(z.string()).optional(),
  statuses: z.array(z.string()).optional(),
  health: z.string().optional(),
  labelSelector: z.string().optional(),
  tagSelector: z.string().optional(),
  fieldSelector: z.string().optional(),
  search: z.string().optional(),
  limit: z.number().int().positive().optional(),
});
export type ResourceSelector = z.infer<typeof resourceSelectorSchema>;

/** POST /api/resources/search: configs, components and checks matching any of the selectors of each list. */
export const resourceSearchRequestSchema = z.object({
  configs: z.array(resourceSelectorSchema).optional(),
  components: z.array(resourceSelectorSchema).optional(),
  checks: z.array(resourceSelectorSchema).optional(),
  /** Per list (default 50, at most 500). */
  limit: z.number().int().min(1).max(500).optional(),
});
export type ResourceSearchRequest = z.infer<typeof resourceSearchRequestSchema>;

export interface ResourceSearchItem {
  id: string;
  name: string;
  type: string | null;
  namespace?: string | null;
  agent?: string | null;
  health?: string | null;
  status?: string | null;
  icon?: string | null;
  labels?: Record<string, string>;
  tags?: Record<string, string>;
}

export interface ResourceSearchResponse {
  configs: ResourceSearchItem[];
  components: ResourceSearchItem[];
  checks: ResourceSearchItem[];
}
