// Reads a Canary (YAML/JSON text or an object) and validates its envelope: apiVersion, kind,
// metadata and the spec's schedule (the envelope schema is @ops/shared's). Check entries are validated by
// their types (check-entries.ts).
import { parseAllDocuments } from 'yaml';
import { CANARY_API_GROUP, canaryEnvelopeSchema as envelope } from '@ops/shared';
import type { z } from 'zod';
import type { CanaryDocument } from '../types.js';
import { CanaryValidationError, joinPath, type ValidationIssue } from './validation-error.js';

export { CANARY_API_GROUP };

/** Parses text (one YAML or JSON document) or takes an object; throws CanaryValidationError. */
export function readCanaryInput(input: string | unknown): unknown {
  if (typeof input !== 'string') return input;
  const docs = parseAllDocuments(input).filter((d) => d.contents !== null);
  if (docs.length !== 1) throw new CanaryValidationError([{ path: '', message: `expected one Canary document, found ${docs.length}` }]);
  const doc = docs[0]!;
  if (doc.errors.length > 0) throw new CanaryValidationError([{ path: '', message: `invalid YAML: ${doc.errors[0]!.message}` }]);
  return doc.toJS();
}

/** Validates the envelope and fills defaults (namespace "default", empty labels). */
export function validateEnvelope(raw: unknown): CanaryDocument {
  const parsed = envelope.safeParse(raw);
  if (!parsed.success) throw new CanaryValidationError(parsed.error.issues.map((i) => toIssue(i)));
  const d = parsed.data;
  return {
    ...d,
    apiVersion: d.apiVersion,
    kind: 'Canary',
    metadata: {
      ...d.metadata,
      name: d.metadata.name,
      namespace: d.metadata.namespace || 'default',
      labels: d.metadata.labels ?? {},
      annotations: d.metadata.annotations ?? {},
    },
    spec: d.spec,
  };
}

/** A zod issue as a ValidationIssue with a dotted path. */
export function toIssue(issue: z.core.$ZodIssue, prefix: Array<string | number> = []): ValidationIssue {
  return { path: joinPath(...prefix, ...(issue.path as Array<string | number>)), message: issue.message };
}
