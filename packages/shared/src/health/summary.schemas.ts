/**
 * `GET /api/canary/api/summary`: one row per live check with uptime and latency over a time range,
 * computed in SQL. Field names follow Mission Control's CheckSummary (duty models) so its clients work.
 */
import { z } from 'zod';
import { CHECK_HEALTH, SUMMARY_STATUSES_MAX } from './constants.js';

/** ISO-8601 timestamp text as PostgreSQL/JSON give it. */
const timestamp = z.string();

/** Passed/failed runs in the range and the latest pass/fail time (absent when none). */
export const uptimeSchema = z.object({
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  last_pass: timestamp.optional(),
  last_fail: timestamp.optional(),
});
export type Uptime = z.infer<typeof uptimeSchema>;

/**
 * Latency in milliseconds over the range; a figure is absent when there were no runs. Exact for ranges up
 * to 3 hours; longer ranges use the hourly/daily latency histograms (interpolated, clamped to min/max).
 * `rolling1h` is the average latency of the last hour (0 when there were no runs in that hour).
 */
export const latencySchema = z.object({
  p50: z.number().optional(),
  p95: z.number().optional(),
  p97: z.number().optional(),
  p99: z.number().optional(),
  avg: z.number().optional(),
  rolling1h: z.number(),
});
export type Latency = z.infer<typeof latencySchema>;

/** One of the check's latest runs as the summary row carries it (newest first, whatever the range). */
export const recentStatusSchema = z.object({
  time: timestamp,
  status: z.boolean(),
  duration: z.number().int(),
});
export type RecentStatus = z.infer<typeof recentStatusSchema>;

/** One row of `checks_summary`. Optional text fields are absent when empty. */
export const checkSummarySchema = z.object({
  id: z.string(),
  canary_id: z.string(),
  canary_name: z.string(),
  canary_namespace: z.string(),
  name: z.string(),
  namespace: z.string(),
  type: z.string(),
  icon: z.string().optional(),
  status: z.enum(CHECK_HEALTH),
  labels: z.record(z.string(), z.string()),
  severity: z.string().optional(),
  description: z.string().optional(),
  endpoint: z.string().optional(),
  owner: z.string().optional(),
  agent_id: z.string(),
  last_runtime: timestamp.nullable().optional(),
  next_runtime: timestamp.nullable().optional(),
  last_transition_time: timestamp.nullable().optional(),
  created_at: timestamp,
  updated_at: timestamp,
  uptime: uptimeSchema,
  latency: latencySchema,
  checkStatuses: z.array(recentStatusSchema),
});
export type CheckSummary = z.infer<typeof checkSummarySchema>;

/** Passing/failing counts over the returned rows (the dashboard header). */
export const summaryCountsSchema = z.object({
  total: z.number().int(),
  passing: z.number().int(),
  failing: z.number().int(),
});

/** The summary response: rows plus counts; `duration` is the server time in ms. */
export const checkSummaryResponseSchema = z.object({
  checks_summary: z.array(checkSummarySchema),
  counts: summaryCountsSchema,
  /** The resolved range the figures cover. */
  start: timestamp,
  end: timestamp,
  duration: z.number().int(),
});
export type CheckSummaryResponse = z.infer<typeof checkSummaryResponseSchema>;

/**
 * Query of the summary. Time: `start`/`end` as ISO, date math (`now-1h`) or a duration (`1h` = the last hour);
 * Mission Control's `timeRange` or `since` (a duration) are accepted for `start`. Default: the last hour.
 * `labels` is a JSON map of `key` or `key=value` to 1 (include) / -1 (exclude), like the dashboard's URL,
 * or `key=value,key2=value2` pairs (all must match). `status` healthy|unhealthy; `agent` an agent id or name.
 */
export const checkSummaryQuerySchema = z.object({
  check_id: z.string().optional(),
  canary_id: z.string().optional(),
  namespace: z.string().optional(),
  labels: z.string().optional(),
  status: z.enum(['healthy', 'unhealthy']).optional(),
  agent: z.string().optional(),
  /** Text search over name, description and endpoint (case-insensitive). */
  query: z.string().optional(),
  start: z.string().optional(),
  end: z.string().optional(),
  timeRange: z.string().optional(),
  since: z.string().optional(),
  /** How many recent statuses per row (0–SUMMARY_STATUSES_MAX, default SUMMARY_STATUSES_DEFAULT). */
  statuses: z.coerce.number().int().min(0).max(SUMMARY_STATUSES_MAX).optional(),
});
export type CheckSummaryQuery = z.infer<typeof checkSummaryQuerySchema>;
