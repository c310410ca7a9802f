/**
 * Rows of the health relations of the data API (`/api/db/canaries`, `/api/db/checks`,
 * `/api/db/canaries_with_status`, `/api/db/check_names`), as PostgREST-style JSON.
 */
import { z } from 'zod';
import type { DbRow } from '../db/rows.generated.js';
import type { CheckHealth } from './constants.js';

const timestamp = z.string();

/**
 * `canaries`: one applied Canary. `spec` is the Canary's spec as written (unknown fields kept); `source` says
 * where it came from ('UI', 'apply', 'KubernetesCRD/…'; read-only for users). The schedule lives in the spec
 * (and in `canaries_with_status.schedule`).
 */
export type CanaryRow = DbRow<'canaries'> & { spec: Record<string, unknown>; labels: Record<string, string> };

/** `canaries_with_status`: a canary with its schedule and its check counts by health (the view coalesces them). */
export type CanaryWithStatusRow = DbRow<'canaries_with_status'> &
  CanaryRow & {
    schedule: string;
    checks: Record<CheckHealth, number>;
    checks_count: number;
    passing: number;
    failing: number;
  };

/** `checks`: one check of a canary; identity is (canary_id, type, name). */
export type CheckRow = DbRow<'checks'> & {
  labels: Record<string, string>;
  status: CheckHealth;
  spec: Record<string, unknown>;
};

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
