import { disabledFeatures, isFeatureEnabled, type DbRow, type FeatureKey } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { db } from './db';

/** Starts with 'properties' so invalidating ['properties'] after a flag edit refreshes the shell too. */
export const FEATURE_FLAGS_QUERY_KEY = ['properties', 'feature-flags'] as const;

export interface FeatureFlags {
  disabled: ReadonlySet<string>;
  isEnabled: (key: FeatureKey) => boolean;
  isLoading: boolean;
}

/** Feature flags from the properties table ('{feature}.disable' = 'true' turns an area off). */
export function useFeatureFlags(): FeatureFlags {
  const q = useQuery({
    queryKey: FEATURE_FLAGS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await db.get<Pick<DbRow<'properties'>, 'name' | 'value'>>('properties', { select: 'name,value' }, { signal })).data,
  });
  return useMemo(() => {
    // If flags cannot be read, nothing is disabled: the server still enforces permissions.
    const props = Object.fromEntries((q.data ?? []).map((p) => [p.name, p.value]));
    const disabled = disabledFeatures(props);
    return { disabled, isEnabled: (key) => isFeatureEnabled(disabled, key), isLoading: q.isPending };
  }, [q.data, q.isPending]);
}
