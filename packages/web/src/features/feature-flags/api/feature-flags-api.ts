import type { DbRow } from '@ops/shared';
import type { QueryValue } from '../../../lib/api-client';
import { db, type DbList } from '../../../lib/db';

/**
 * A feature flag: one row of the properties table, with its creator embedded. `source` is 'db' for flags made
 * here; 'local' flags come from the server's configuration and are read-only.
 */
export type FeatureFlag = Omit<DbRow<'properties'>, 'created_by'> & {
  created_by: Pick<DbRow<'people'>, 'id' | 'name' | 'email'> | null;
};

export interface FeatureFlagInput {
  name: string;
  value: string;
}

/** Every query key of this page starts with 'properties', so one invalidation also refreshes the shell's flags. */
export const FEATURE_FLAGS_KEY = ['properties'] as const;
export const LOCAL_SOURCE = 'local';

/** Whether a flag is read-only in the UI (the server refuses writes to it as well). */
export function isLocalFlag(flag: Pick<FeatureFlag, 'source'>): boolean {
  return flag.source === LOCAL_SOURCE;
}

/** One page of flags with their creators (GET /properties?select=*,created_by(id,name,email)). */
export function listFeatureFlags(paging: Record<string, QueryValue>, signal?: AbortSignal): Promise<DbList<FeatureFlag>> {
  return db.get<FeatureFlag>('properties', { select: '*,created_by(id,name,email)', ...paging }, { count: 'exact', signal });
}

/** POST /properties; the server sets created_by and source. */
export function createFeatureFlag(input: FeatureFlagInput): Promise<FeatureFlag[]> {
  return db.post<FeatureFlag>('properties', { name: input.name, value: input.value });
}

/** PATCH /properties?name=eq.{name} with the new value. */
export function updateFeatureFlag(input: FeatureFlagInput): Promise<FeatureFlag[]> {
  return db.patch<FeatureFlag>('properties', { name: `eq.${input.name}` }, { value: input.value });
}

/** DELETE /properties?name=eq.{name}. */
export function deleteFeatureFlag(name: string): Promise<FeatureFlag[]> {
  return db.delete<FeatureFlag>('properties', { name: `eq.${name}` });
}
