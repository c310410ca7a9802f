import { MESSAGES } from '@ops/shared';
import type { FeatureFlagInput } from '../api/feature-flags-api';

/** The form's error, if any: both name and value are needed (spec: 'please provide all details'). */
export function validateFeatureFlag(input: FeatureFlagInput): string | undefined {
  if (!input.name.trim() || !input.value.trim()) return MESSAGES.featureFlagIncomplete;
  return undefined;
}

/** What is sent: trimmed name and value. */
export function normaliseFeatureFlag(input: FeatureFlagInput): FeatureFlagInput {
  return { name: input.name.trim(), value: input.value.trim() };
}
