// The `canaries.flanksource.com/v1` Canary document in zod, defined once: the server validates the
// envelope with it (and each check entry with its type's schema), the editors validate whole documents
// with it, and their JSON Schema is derived from it (z.toJSONSchema) rather than written by hand.
import { z } from 'zod';
import { CANARY_CHECK_SCHEMAS, checkEntrySchema, type CheckEntrySchema } from './canary-spec/checks.zod.js';
import { labelMap } from './canary-spec/fields.zod.js';

export * from './canary-spec/checks.zod.js';
export type { RelationshipLookup, RelationshipSelectorTemplate } from './canary-spec/relationships.zod.js';

export const CANARY_API_GROUP = 'canaries.flanksource.com';

const envelopeFields = {
  apiVersion: z
    .string({ error: 'is required' })
    .refine((v) => v.startsWith(`${CANARY_API_GROUP}/`), { error: `must be ${CANARY_API_GROUP}/v1` })
    .describe(`${CANARY_API_GROUP}/v1`),
  kind: z.literal('Canary', { error: 'must be Canary' }),
  metadata: z.looseObject(
    {
      name: z
        .string({ error: 'is required' })
        .min(1, { error: 'is required' })
        .max(253, { error: 'must be at most 253 characters' })
        .regex(/^[^/\s](?:[^/]*[^/\s])?$/, { error: 'must not contain "/" nor start or end with a space' }),
      namespace: z.string({ error: 'must be a string' }).optional(),
      labels: labelMap(),
      annotations: labelMap(),
    },
    { error: 'is required' },
  ),
};

/** The spec's own settings (everything that is not a check list). */
const specSettings = {
  schedule: z
    .string({ error: 'must be a string' })
    .optional()
    .describe('A cron expression, @every <duration> or a descriptor such as @hourly'),
  interval: z.number({ error: 'must be a number of seconds' }).optional().describe('Seconds between runs (when there is no schedule)'),
};

/** The envelope the server validates first: apiVersion, kind, metadata, and the spec's schedule. */
export const canaryEnvelopeSchema = z.looseObject({ ...envelopeFields, spec: z.looseObject(specSettings, { error: 'is required' }) });

/** The whole Canary document with a list for each of `checks` (tests pass an extended set). */
export function buildCanaryDocumentSchema(checks: Readonly<Record<string, CheckEntrySchema>> = CANARY_CHECK_SCHEMAS) {
  const lists = Object.fromEntries(
    Object.entries(checks).map(([type, entry]) => [
      type,
      z.array(entry, { error: 'must be a list of checks' }).optional().describe(`${type} checks`),
    ]),
  );
  return z.looseObject({ ...envelopeFields, spec: z.looseObject({ ...specSettings, ...lists }, { error: 'is required' }) });
}

/** The whole Canary document with every check list, as the editors validate it. */
export const canaryDocumentSchema = buildCanaryDocumentSchema();

/** Options for the editors' JSON Schema: input shapes (before transforms), refinements left out. */
const JSON_SCHEMA_OPTIONS = { target: 'draft-7', unrepresentable: 'any', io: 'input' } as const;

/** The Canary document's JSON Schema (draft 7), derived from the zod schema for JSON-Schema tooling. */
export function canaryJsonSchema(document: z.ZodType = canaryDocumentSchema): Record<string, unknown> {
  return z.toJSONSchema(document, JSON_SCHEMA_OPTIONS) as Record<string, unknown>;
}

/** The JSON Schema (draft 7) of one check entry of `type`, derived from its zod schema. */
export function checkEntryJsonSchema(type: string): Record<string, unknown> {
  return z.toJSONSchema(checkEntrySchema(type), JSON_SCHEMA_OPTIONS) as Record<string, unknown>;
}
