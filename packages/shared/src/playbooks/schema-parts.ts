// Building blocks of the Playbook spec schema: optional scalars with messages that say what is expected, and the
// Kubernetes-style EnvVar ({name, value | valueFrom}) that headers, env lists and credentials use.
import { z } from 'zod';

/** Optional scalars whose messages say what the field must be. */
export const str = () => z.string({ error: 'must be a string' }).optional();
export const bool = () => z.boolean({ error: 'must be true or false' }).optional();
export const num = () => z.number({ error: 'must be a number' }).optional();
/** A required, non-empty string. */
export const named = (what = 'is required') => z.string({ error: what }).regex(/\S/, { error: what });
/** An optional list; the message names what it holds. */
export const list = <T extends z.ZodType>(item: T, what: string) => z.array(item, { error: `must be a list of ${what}` }).optional();
/** An optional map of names to scalar values (labels, properties). */
export const stringMap = () =>
  z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]), { error: 'must be a map of names to values' }).optional();
/** A Go template: rendered against the run when the action runs; checked to parse when saved. */
export const template = (what: string) => z.string({ error: 'must be a string' }).describe(`Go template: ${what}`).optional();
/** A CEL expression: checked to parse when saved. */
export const cel = (what: string) => z.string({ error: 'must be a CEL expression (a string)' }).describe(`CEL: ${what}`).optional();
/** A Go duration such as 30s, 5m or 1h. */
export const duration = (what: string) =>
  z.string({ error: 'must be a duration such as 30s, 5m or 1h' }).describe(`duration: ${what}`).optional();

const keyRef = z.looseObject({ name: str(), key: str() }, { error: 'must be an object with name and key' });

/** Where a value comes from when it is not written inline: a secret, a config map, a Helm release or a service account. */
export const valueFromSchema = z.looseObject(
  {
    serviceAccount: str(),
    helmRef: keyRef.optional(),
    configMapKeyRef: keyRef.optional(),
    secretKeyRef: keyRef.optional(),
  },
  { error: 'must be an object with secretKeyRef, configMapKeyRef, helmRef or serviceAccount' },
);

/** A value given inline or by reference (credentials, webhook secrets). */
export const envValueSchema = z.looseObject(
  { value: z.string({ error: 'must be a string' }).optional(), valueFrom: valueFromSchema.optional() },
  { error: 'must be an object with value or valueFrom' },
);

/** A named value: an environment variable or an HTTP header. */
export const envVarSchema = z.looseObject(
  {
    name: named(),
    value: z.string({ error: 'must be a string' }).describe('Go template').optional(),
    valueFrom: valueFromSchema.optional(),
  },
  { error: 'must be an object with name and value or valueFrom' },
);
export type PlaybookEnvVar = z.infer<typeof envVarSchema>;
