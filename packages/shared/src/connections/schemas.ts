/** Connections on the wire: what a create/edit takes and what every answer returns (secrets masked). */
import { z } from 'zod';
import { CONNECTION_TYPE_NAMES } from './catalogue.js';

/** A credential: the value itself, or a reference the server resolves when the connection is used. */
export type CredentialValue = string | { valueFrom: { env: string } } | { valueFrom: { file: string } };

export const credentialValueSchema: z.ZodType<CredentialValue> = z.union([
  z.string(),
  z.object({ valueFrom: z.object({ env: z.string().min(1, 'an environment variable name is required') }).strict() }).strict(),
  z.object({ valueFrom: z.object({ file: z.string().min(1, 'a file path is required') }).strict() }).strict(),
]);

/**
 * A reference to one key of a Kubernetes-style Secret or ConfigMap, as `Connection` YAML may carry; the
 * server reads it from OPS_SECRET_<NAME>_<KEY> / OPS_CONFIGMAP_<NAME>_<KEY>, like check specs.
 */
export type KeyReference =
  { valueFrom: { secretKeyRef: { name: string; key: string } } } | { valueFrom: { configMapKeyRef: { name: string; key: string } } };

/** Any credential a connection may hold: a value, an env/file reference, or a secret/config-map key. */
export type ConnectionCredential = CredentialValue | KeyReference;

const keyRef = z.object({ name: z.string().min(1, 'name is required'), key: z.string().min(1, 'key is required') }).strict();
export const connectionCredentialSchema: z.ZodType<ConnectionCredential> = z.union([
  credentialValueSchema,
  z.object({ valueFrom: z.object({ secretKeyRef: keyRef }).strict() }).strict(),
  z.object({ valueFrom: z.object({ configMapKeyRef: keyRef }).strict() }).strict(),
]);

/** Whether a credential is a `valueFrom` reference rather than a value. */
export function isCredentialReference(v: unknown): v is Exclude<ConnectionCredential, string> {
  return typeof v === 'object' && v !== null && 'valueFrom' in v;
}

export const CONNECTION_SOURCES = ['UI', 'KubernetesCRD', 'ConfigFile', 'apply'] as const;
export type ConnectionSource = (typeof CONNECTION_SOURCES)[number];

const DNS_1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const dnsLabel = (what: string) =>
  z
    .string()
    .min(1, `${what} is required`)
    .max(63, `${what} must be at most 63 characters`)
    .regex(DNS_1123_LABEL, `${what} must be a DNS-1123 label (lower-case letters, digits and '-', starting and ending alphanumeric)`);

// Number and boolean form fields (ports, flags) are accepted as they are; the server stores them as text,
// the way the resolver hands them out.
const propertyValueSchema = z.union([connectionCredentialSchema, z.number(), z.boolean()]);

export const connectionInputSchema = z
  .object({
    name: dnsLabel('name'),
    namespace: dnsLabel('namespace').default('default'),
    type: z.enum(CONNECTION_TYPE_NAMES, { error: (iss) => `type must be one of the connection types, not ${JSON.stringify(iss.input)}` }),
    url: connectionCredentialSchema.nullish(),
    username: connectionCredentialSchema.nullish(),
    password: connectionCredentialSchema.nullish(),
    certificate: connectionCredentialSchema.nullish(),
    insecure_tls: z.boolean().default(false),
    properties: z.record(z.string(), propertyValueSchema).default({}),
  })
  .strict();
export type ConnectionInput = z.input<typeof connectionInputSchema>;
export type ParsedConnectionInput = z.output<typeof connectionInputSchema>;

/** PATCH: any subset of the input; a secret sent as the mask (or left out) keeps the stored one. */
export const connectionPatchSchema = z
  .object({
    name: dnsLabel('name'),
    namespace: dnsLabel('namespace'),
    type: connectionInputSchema.shape.type,
    url: connectionCredentialSchema.nullable(),
    username: connectionCredentialSchema.nullable(),
    password: connectionCredentialSchema.nullable(),
    certificate: connectionCredentialSchema.nullable(),
    insecure_tls: z.boolean(),
    properties: z.record(z.string(), propertyValueSchema),
  })
  .partial()
  .strict();
export type ConnectionPatch = z.input<typeof connectionPatchSchema>;

/**
 * A connection as every answer returns it: each secret is the mask when set, null when unset, and a
 * `valueFrom` reference as stored (a reference is not a secret).
 */
export interface ConnectionView {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url: ConnectionCredential | null;
  username: ConnectionCredential | null;
  password: ConnectionCredential | null;
  certificate: ConnectionCredential | null;
  insecure_tls: boolean;
  properties: Record<string, ConnectionCredential>;
  source: ConnectionSource;
  created_by: { id: string; name: string } | null;
  created_at: string;
  updated_at: string;
}

export const connectionViewSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  namespace: z.string(),
  type: z.string(),
  url: connectionCredentialSchema.nullable(),
  username: connectionCredentialSchema.nullable(),
  password: connectionCredentialSchema.nullable(),
  certificate: connectionCredentialSchema.nullable(),
  insecure_tls: z.boolean(),
  properties: z.record(z.string(), connectionCredentialSchema),
  source: z.enum(CONNECTION_SOURCES),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<ConnectionView>;

/** `connection://namespace/name` (or `connection://name` in the default namespace), as specs reference one. */
export function parseConnectionRef(ref: string): { namespace: string; name: string } | undefined {
  const m = /^connection:\/\/(?:([^/]+)\/)?([^/]+)$/.exec(ref.trim());
  if (!m) return undefined;
  return { namespace: m[1] ?? 'default', name: m[2]! };
}

/** Columns /api/connections sorts by (the settings table's sortable columns). */
export const CONNECTION_SORT_KEYS = ['name', 'type', 'namespace', 'source', 'created_by', 'created_at', 'updated_at'] as const;
export const CONNECTIONS_PAGE_SIZE_DEFAULT = 50;
export const CONNECTIONS_PAGE_SIZE_MAX = 500;

/** GET /api/connections: one page, newest first unless sorted otherwise; `q` matches name or namespace. */
export const connectionListQuerySchema = z.object({
  page: z.coerce.number({ message: 'page must be a number' }).int().min(1, 'page starts at 1').default(1),
  page_size: z.coerce
    .number({ message: 'page_size must be a number' })
    .int()
    .min(1, 'page_size must be at least 1')
    .max(CONNECTIONS_PAGE_SIZE_MAX, `page_size must be at most ${CONNECTIONS_PAGE_SIZE_MAX}`)
    .default(CONNECTIONS_PAGE_SIZE_DEFAULT),
  sort_by: z.enum(CONNECTION_SORT_KEYS, { message: `sort_by must be one of ${CONNECTION_SORT_KEYS.join(', ')}` }).default('created_at'),
  sort_order: z.enum(['asc', 'desc'], { message: 'sort_order must be asc or desc' }).default('desc'),
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
});
export type ConnectionListQuery = z.output<typeof connectionListQuerySchema>;

/** One page of connections (masked) and how many match in all. */
export const connectionListSchema = z.object({
  connections: z.array(connectionViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ConnectionList = z.infer<typeof connectionListSchema>;
