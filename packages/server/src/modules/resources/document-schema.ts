import { z } from 'zod';

/**
 * The zod schema of a whole document of one kind: apiVersion, kind, metadata (extra keys such as
 * creationTimestamp from `ops get -o yaml` are accepted and ignored), a strict spec, and an ignored status.
 */
export function documentSchema<Name extends z.ZodType<string>, Spec extends z.ZodType>(kind: string, name: Name, spec: Spec) {
  return z.strictObject({
    apiVersion: z.string(),
    kind: z.literal(kind),
    metadata: z.looseObject({
      name,
      namespace: z.string().min(1, 'must not be empty').optional(),
      labels: z.record(z.string(), z.string()).optional(),
      annotations: z.record(z.string(), z.string()).optional(),
    }),
    spec,
    status: z.unknown().optional(),
  });
}
