import type { ColumnType, Generated } from 'kysely';

/** Kysely table types for the tables typed services touch. Areas add their tables here. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, T | string | undefined, T | string>;

export interface PeopleTable {
  id: Generated<string>;
  name: string;
  email: string | null;
  avatar: string | null;
  type: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Date | null;
}

export interface IdentitiesTable {
  id: string;
  traits: Json<Record<string, unknown>>;
  state: Generated<'active' | 'inactive'>;
  state_changed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IdentityCredentialsTable {
  identity_id: string;
  type: string;
  secret: string;
  config: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PersonRolesTable {
  person_id: string;
  role: string;
  created_at: Timestamp;
}

export interface SessionsTable {
  id_hash: string;
  person_id: string;
  aal: Generated<string>;
  created_at: Timestamp;
  expires_at: Date | string;
  last_seen_at: Timestamp;
}

export interface PropertiesTable {
  name: string;
  value: string;
  source: Generated<string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccessTokensTable {
  id: Generated<string>;
  name: string;
  value_hash: string;
  person_id: string;
  agent_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: Date | null;
  last_used_at: Date | null;
}

export interface JobHistoryTable {
  id: Generated<string>;
  name: string;
  resource_type: string | null;
  resource_id: string | null;
  status: string;
  success_count: Generated<number>;
  error_count: Generated<number>;
  details: Json<Record<string, unknown>>;
  errors: ColumnType<string[], string[] | undefined, string[]>;
  hostname: string | null;
  /** The server process running a RUNNING row (migration 0015). */
  owner: string | null;
  agent_id: string | null;
  duration_millis: number | null;
  time_start: Timestamp;
  time_end: Date | string | null;
  created_at: Timestamp;
}

export interface JobNamesTable {
  name: string;
}

export interface EventQueueTable {
  id: Generated<string>;
  name: string;
  properties: Json<Record<string, unknown>>;
  error: string | null;
  attempts: Generated<number>;
  priority: Generated<number>;
  last_attempt: Date | string | null;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
}

/** Health (migration 0003): applied Canary documents. */
export interface CanariesTable {
  id: Generated<string>;
  name: string;
  namespace: Generated<string>;
  agent_id: Generated<string>;
  spec: Json<Record<string, unknown>>;
  labels: Json<Record<string, string>>;
  source: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Date | string | null;
}

/** Health: one check of a canary, identity (canary_id, type, name). */
export interface ChecksTable {
  id: Generated<string>;
  canary_id: string;
  type: string;
  name: string;
  namespace: Generated<string>;
  description: string | null;
  icon: string | null;
  labels: Json<Record<string, string>>;
  owner: string | null;
  severity: string | null;
  endpoint: string | null;
  status: Generated<string>;
  last_runtime: Date | string | null;
  next_runtime: Date | string | null;
  last_transition_time: Date | string | null;
  recent_statuses: Json<Array<{ time: string; status: boolean; duration: number }>>;
  agent_id: Generated<string>;
  spec: Json<Record<string, unknown>>;
  transformed: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Date | string | null;
}

/** Scheduling (migration 0018): the schedule and lease of one applied spec (canary, scraper). */
export interface SpecSchedulesTable {
  kind: string;
  resource_id: string;
  dirty: Generated<boolean>;
  version: Generated<number>;
  schedule: Generated<string>;
  timeout_ms: Generated<number>;
  next_run_at: Date | string | null;
  claimed_by: string | null;
  claimed_at: Date | string | null;
  lease_until: Date | string | null;
  last_run_at: Date | string | null;
  error: string | null;
  updated_at: Timestamp;
}

/** Health: one run of one check (partitioned by day). */
export interface CheckStatusesTable {
  check_id: string;
  time: Date | string;
  duration: number;
  status: boolean;
  invalid: Generated<boolean>;
  message: string | null;
  error: string | null;
  detail: Json<unknown> | null;
  created_at: Timestamp;
}

/** Health: how far the rollups have gone. */
export interface CheckRollupStateTable {
  name: string;
  rolled_until: Date | string;
  updated_at: Timestamp;
}

export interface Database {
  people: PeopleTable;
  identities: IdentitiesTable;
  identity_credentials: IdentityCredentialsTable;
  person_roles: PersonRolesTable;
  sessions: SessionsTable;
  properties: PropertiesTable;
  access_tokens: AccessTokensTable;
  job_history: JobHistoryTable;
  job_names: JobNamesTable;
  event_queue: EventQueueTable;
  canaries: CanariesTable;
  checks: ChecksTable;
  spec_schedules: SpecSchedulesTable;
  check_statuses: CheckStatusesTable;
  check_rollup_state: CheckRollupStateTable;
}
