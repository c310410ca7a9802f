import { MESSAGES } from '@ops/shared';
import { z } from 'zod';
import type { FeatureFlagInput } from '../api/feature-flags-api';

/** The form's rule: both name and value are needed (spec: 'please provide all details'), one message for the form. */
export const featureFlagFormSchema = z
  .object({ name: z.string(), value: z.string() })
  .refine((input) => !!input.name.trim() && !!input.value.trim(), { message: MESSAGES.featureFlagIncomplete });

/** What is sent: trimmed name and value. */
export function normaliseFeatureFlag(input: FeatureFlagInput): FeatureFlagInput {
  return { name: input.name.trim(), value: input.value.trim() };
}
