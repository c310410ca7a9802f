// zod building blocks of Canary check entries, shared by the server's engine and the web's editors.
// Every object is loose: fields we do not know are kept (users bring canary-checker YAML unchanged);
// messages name what is wrong so the caller can prefix the path.
import { z } from 'zod';
import { relationshipsSpec } from './relationships.zod.js';

const typeName = (v: unknown) =>
  Array.isArray(v) ? 'a list' : v === null ? 'null' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;

/** A required non-empty string. */
export const requiredString = () =>
  z
    .string({ error: (iss) => (iss.input === undefined ? 'is required' : `must be a string, got ${typeName(iss.input)}`) })
    .min(1, { error: 'is required' });

/** An optional string. */
export const optionalString = () => z.string({ error: (iss) => `must be a string, got ${typeName(iss.input)}` }).optional();

/** An optional whole number at or above `min` (thresholds and counts have minimum 0). */
export const optionalInt = (min = 0) =>
  z
    .number({ error: (iss) => `must be a number, got ${typeName(iss.input)}` })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be ${min} or more` })
    .optional();

/** An optional boolean. */
export const optionalBool = () => z.boolean({ error: (iss) => `must be true or false, got ${typeName(iss.input)}` }).optional();

const scalar = z.union([z.string(), z.number(), z.boolean()], { error: 'must be a string' });

/** A label map; numbers and booleans are accepted and kept as their text. */
export const labelMap = () => z.record(z.string(), scalar.transform(String), { error: 'must be a map of names to values' }).optional();

/** `{value}` / `{valueFrom: {secretKeyRef|configMapKeyRef: {name, key}}}`, or a plain string. */
export const envVarValue = () =>
  z
    .union(
      [
        z.string(),
        z.number().transform(String),
        z.looseObject({
          name: z.string().optional(),
          value: z.union([z.string(), z.number().transform(String), z.boolean().transform(String)]).optional(),
          valueFrom: z.looseObject({}).optional(),
        }),
      ],
      { error: 'must be a value or {value | valueFrom}' },
    )
    .optional();

/** A named EnvVar list entry (headers, env). */
export const namedEnvVar = () =>
  z.looseObject({
    name: requiredString(),
    value: z.union([z.string(), z.number().transform(String), z.boolean().transform(String)]).optional(),
    valueFrom: z.looseObject({}).optional(),
  });

/** test / display / transform: one of Go template, CEL expression, JSONPath or JavaScript. */
export const templateSpec = () =>
  z
    .looseObject(
      {
        template: optionalString(),
        expr: optionalString(),
        jsonPath: optionalString(),
        javascript: optionalString(),
      },
      { error: 'must be an object with template, expr, jsonPath or javascript' },
    )
    .optional();

// Prometheus names: colons are left to recording rules, and `__` starts the names Prometheus reserves.
const METRIC_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const metricName = (what: string) =>
  requiredString()
    .regex(METRIC_NAME, { error: `must be a Prometheus ${what} name: letters, digits and _, not starting with a digit` })
    .refine((v) => !v.startsWith('__'), { error: 'names starting with __ are reserved by Prometheus' });

const metricLabel = z.looseObject({ name: metricName('label'), value: optionalString(), valueExpr: optionalString() });

/** Computed metrics of a check (canary-checker's metrics exporter). */
export const metricsSpec = () =>
  z
    .array(
      z.looseObject({
        name: metricName('metric'),
        type: z.enum(['counter', 'gauge', 'histogram'], { error: 'must be counter, gauge or histogram' }).optional(),
        value: requiredString(),
        labels: z.array(metricLabel, { error: 'must be a list' }).optional(),
      }),
      { error: 'must be a list' },
    )
    .optional();

/** The fields every check type shares (Description + Templatable in canary-checker). */
export const commonFields = {
  name: optionalString(),
  description: optionalString(),
  namespace: optionalString(),
  icon: optionalString(),
  labels: labelMap(),
  severity: optionalString(),
  owner: optionalString(),
  test: templateSpec(),
  display: templateSpec(),
  transform: templateSpec(),
  metrics: metricsSpec(),
  dependsOn: z.array(z.string(), { error: 'must be a list of check names' }).optional(),
  transformDeleteStrategy: optionalString(),
  relationships: relationshipsSpec(),
};

/** The connection fields of canary-checker's Connection struct. */
export const connectionFields = {
  connection: optionalString(),
  url: optionalString(),
  username: envVarValue(),
  password: envVarValue(),
};

/** A loose object schema with the common fields plus the type's own. */
export function checkSchema<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.looseObject({ ...commonFields, ...shape }, { error: 'must be an object' });
}
