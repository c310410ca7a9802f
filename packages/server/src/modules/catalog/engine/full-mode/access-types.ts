// Records a full-mode document may carry besides its config: who may access it (config_access),
// who did (access_logs), and the external users, groups and roles they name. Field names follow
// config-db's JSON so users' documents and its conformance assertions read the same.
import { isUuid as isUuidText } from '@ops/shared';

/** A config reference by external id and type, or directly by config UUID. */
export interface ExternalConfigRef {
  config_id?: string;
  config_type?: string;
  external_id?: string;
  scraper_id?: string;
  labels?: Record<string, string>;
}

export interface ConfigAccess {
  id?: string;
  config_id?: string;
  external_config_id?: ExternalConfigRef;
  external_user_aliases?: string[];
  external_role_aliases?: string[];
  external_group_aliases?: string[];
  external_user_id?: string;
  external_role_id?: string;
  external_group_id?: string;
  scraper_id?: string;
  application_id?: string;
  source?: string;
  [key: string]: unknown;
}

export interface AccessLog {
  config_id?: string;
  external_config_id?: ExternalConfigRef;
  external_user_id?: string;
  external_user_aliases?: string[];
  scraper_id?: string;
  created_at?: string;
  mfa?: boolean;
  count?: number;
  properties?: Record<string, unknown>;
  [key: string]: unknown;
}

/** An external user, group or role: a name, a stable id once synced, and aliases to find it by. */
export interface ExternalEntity {
  id?: string;
  name: string;
  aliases?: string[];
  [key: string]: unknown;
}

export interface ExternalUserGroup {
  external_user_id?: string;
  external_group_id?: string;
}

/** A membership as a scrape reports it: each side by id, by aliases, or both (the id is tried first). */
export interface MembershipInput extends ExternalUserGroup {
  external_user_aliases?: string[];
  external_group_aliases?: string[];
}

export interface EntitySummary {
  scraped: number;
  saved: number;
  skipped: number;
}

export type SummaryKey = 'users' | 'groups' | 'roles' | 'config_access' | 'access_logs' | 'changes' | 'analysis';
export type ExtractionSummary = Record<SummaryKey, EntitySummary>;

/** A fresh summary with every count at zero. */
export function emptySummary(): ExtractionSummary {
  const keys: SummaryKey[] = ['users', 'groups', 'roles', 'config_access', 'access_logs', 'changes', 'analysis'];
  return Object.fromEntries(keys.map((k) => [k, { scraped: 0, saved: 0, skipped: 0 }])) as ExtractionSummary;
}

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** A UUID other than the nil one. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && isUuidText(value) && value !== NIL_UUID;
}

/** A reference that can be looked up: a config UUID, or both type and external id. */
export function isEmptyRef(ref: ExternalConfigRef | undefined): boolean {
  return !ref || (!ref.config_id && (!ref.config_type || !ref.external_id));
}
