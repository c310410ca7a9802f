/**
 * Rows of the health relations of the data API (`/api/db/canaries`, `/api/db/checks`,
 * `/api/db/canaries_with_status`, `/api/db/check_names`), as PostgREST-style JSON.
 */
import { z } from 'zod';

const timestamp = z.string();

/** `canaries`: one applied Canary. `spec` is the Canary's spec as written (unknown fields kept). */
export const canaryRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  spec: z.record(z.string(), z.unknown()),
  labels: z.record(z.string(), z.string()),
  schedule: z.string(),
  /** Where it came from: 'UI', 'apply', 'KubernetesCRD/…'; read-only for users. */
  source: z.string().nullable(),
  agent_id: z.string(),
  created_by: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
});
export type CanaryRow = z.infer<typeof canaryRowSchema>;

/** `canaries_with_status`: a canary with its check counts by health. */
export const canaryWithStatusRowSchema = canaryRowSchema.extend({
  checks: z.record(z.string(), z.number().int()),
  checks_count: z.number().int(),
  passing: z.number().int(),
  failing: z.number().int(),
  last_runtime: timestamp.nullable(),
});
export type CanaryWithStatusRow = z.infer<typeof canaryWithStatusRowSchema>;

/** `checks`: one check of a canary; identity is (canary_id, type, name). */
export const checkRowSchema = z.object({
  id: z.string(),
  canary_id: z.string(),
  type: z.string(),
  name: z.string(),
  namespace: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
  owner: z.string().nullable(),
  severity: z.string().nullable(),
  endpoint: z.string().nullable(),
  status: z.string(),
  last_runtime: timestamp.nullable(),
  next_runtime: timestamp.nullable(),
  last_transition_time: timestamp.nullable(),
  agent_id: z.string(),
  spec: z.record(z.string(), z.unknown()),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
});
export type CheckRow = z.infer<typeof checkRowSchema>;

/** `check_names`: id/name pairs of live checks for pickers. */
export const checkNameRowSchema = z.object({
  id: z.string(),
  canary_id: z.string(),
  name: z.string(),
  namespace: z.string(),
  type: z.string(),
  status: z.string(),
});
export type CheckNameRow = z.infer<typeof checkNameRowSchema>;

/** `checks_by_component`: checks linked to a component (`component_id=eq.{id}`). */
export const checkByComponentRowSchema = z.object({
  component_id: z.string(),
  check_id: z.string(),
  canary_id: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  namespace: z.string(),
  icon: z.string().nullable(),
  selector_id: z.string().nullable(),
});

/** `check_summary_for_config`: checks linked to a config item (`config_id=eq.{id}`). */
export const checkSummaryForConfigRowSchema = z.object({
  config_id: z.string(),
  id: z.string(),
  canary_id: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  namespace: z.string(),
  icon: z.string().nullable(),
  last_runtime: timestamp.nullable(),
});
