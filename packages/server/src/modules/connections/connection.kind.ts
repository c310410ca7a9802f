// The `Connection` kind (mission-control.flanksource.com/v1) of POST /api/resources/apply and `ops get
// connections`. Credentials are EnvVar-style: a string, `{value}`, or `{valueFrom: {secretKeyRef |
// configMapKeyRef | env | file}}`; documents read back show secrets masked. The entry is shaped like the
// resources registry's SupportedKind; modules/resources/kinds.ts registers it.
import { CONNECTION_TYPE_NAMES, type ConnectionCredential, type ConnectionView } from '@ops/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Principal } from '../identity/index.js';
import type { ConnectionRecord } from './connections.repository.js';
import { ConnectionsService, type ApplyAction } from './connections.service.js';

export const CONNECTION_API_VERSION = 'mission-control.flanksource.com/v1';
const KIND = 'Connection';

const DNS_1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const label = z
  .string()
  .max(63, 'must be at most 63 characters')
  .regex(DNS_1123_LABEL, "must be a DNS-1123 label (lower-case letters, digits and '-', starting and ending alphanumeric)");
const keyRef = z.strictObject({ name: z.string().min(1, 'is required'), key: z.string().min(1, 'is required') });
const valueFrom = z
  .strictObject({
    secretKeyRef: keyRef.optional(),
    configMapKeyRef: keyRef.optional(),
    env: z.string().min(1, 'must name an environment variable').optional(),
    file: z.string().min(1, 'must be a file path').optional(),
  })
  .refine((v) => Object.values(v).filter((x) => x !== undefined).length === 1, {
    message: 'must hold exactly one of secretKeyRef, configMapKeyRef, env, file',
  });
const envVar = z.union([z.string(), z.strictObject({ value: z.string().optional(), valueFrom: valueFrom.optional() })], {
  error: 'must be a string, {value} or {valueFrom: {secretKeyRef | configMapKeyRef | env | file}}',
});
type EnvVar = z.infer<typeof envVar>;

const ConnectionDocument = z.strictObject({
  apiVersion: z.string(),
  kind: z.literal(KIND),
  metadata: z.looseObject({
    name: label,
    namespace: label.optional(),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
  }),
  spec: z.strictObject({
    type: z.enum(CONNECTION_TYPE_NAMES, { error: (iss) => `must be one of the connection types, not ${JSON.stringify(iss.input)}` }),
    url: envVar.optional(),
    username: envVar.optional(),
    password: envVar.optional(),
    certificate: envVar.optional(),
    insecureTLS: z.boolean().optional(),
    properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  }),
  status: z.unknown().optional(),
});
type ConnectionDocument = z.infer<typeof ConnectionDocument>;

interface ConnectionResource {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string } & Record<string, unknown>;
  spec: Record<string, unknown>;
  status?: Record<string, unknown>;
}

/** The kind entry (structurally a SupportedKind<ConnectionDocument> of the resources registry). */
export interface ConnectionKindEntry {
  kind: string;
  apiVersions: readonly string[];
  aliases: readonly string[];
  resource: 'connections';
  namespaced: true;
  supported: true;
  schema: z.ZodType<ConnectionDocument>;
  columns: ReadonlyArray<{ header: string; path: string }>;
  apply(
    doc: ConnectionDocument,
    principal: Principal,
    db: Kysely<Database>,
  ): Promise<{ kind: string; name: string; namespace: string | null; id: string; action: ApplyAction }>;
  list(db: Kysely<Database>, query: { namespace?: string; limit: number; offset: number }): Promise<ConnectionResource[]>;
  get(db: Kysely<Database>, name: string, namespace?: string): Promise<ConnectionResource | undefined>;
  delete(db: Kysely<Database>, name: string, namespace: string | undefined, principal: Principal): Promise<boolean>;
}

// `{value}` is the value itself; an empty EnvVar is no value.
function credential(v: EnvVar | undefined): ConnectionCredential | null {
  if (v === undefined) return null;
  if (typeof v === 'string') return v || null;
  if (v.valueFrom) {
    const [key, ref] = Object.entries(v.valueFrom).find(([, x]) => x !== undefined)!;
    return { valueFrom: { [key]: ref } } as ConnectionCredential;
  }
  return v.value || null;
}

function toDocument(view: ConnectionView): ConnectionResource {
  const spec: Record<string, unknown> = { type: view.type };
  // The view's values: the mask for a secret, `{valueFrom}` for a reference, as a document holds them.
  for (const f of ['url', 'username', 'password', 'certificate'] as const) if (view[f] !== null) spec[f] = view[f];
  if (view.insecure_tls) spec.insecureTLS = true;
  if (Object.keys(view.properties).length) spec.properties = view.properties;
  return {
    apiVersion: CONNECTION_API_VERSION,
    kind: KIND,
    metadata: {
      name: view.name,
      namespace: view.namespace,
      uid: view.id,
      createdAt: view.created_at,
      updatedAt: view.updated_at,
      ...(view.created_by ? { createdBy: view.created_by.name } : {}),
    },
    spec,
    status: { source: view.source },
  };
}

/** The Connection kind; it replaces the "not supported yet" placeholder in the registry. */
export function connectionKind(ctx: AppContext): ConnectionKindEntry {
  const connections = new ConnectionsService(ctx);
  const document = (rec: ConnectionRecord) => toDocument(connections.view(rec));
  return {
    kind: KIND,
    apiVersions: [CONNECTION_API_VERSION],
    aliases: ['conn', 'conns'],
    resource: 'connections',
    namespaced: true,
    supported: true,
    schema: ConnectionDocument,
    columns: [
      { header: 'TYPE', path: 'spec.type' },
      { header: 'SOURCE', path: 'status.source' },
      { header: 'UPDATED', path: 'metadata.updatedAt' },
    ],
    async apply(doc, principal, db) {
      const namespace = doc.metadata.namespace ?? 'default';
      const { id, action } = await connections.apply(
        db,
        {
          name: doc.metadata.name,
          namespace,
          type: doc.spec.type,
          url: credential(doc.spec.url),
          username: credential(doc.spec.username),
          password: credential(doc.spec.password),
          certificate: credential(doc.spec.certificate),
          insecure_tls: doc.spec.insecureTLS ?? false,
          properties: doc.spec.properties ?? {},
        },
        principal,
      );
      return { kind: KIND, name: doc.metadata.name, namespace, id, action };
    },
    async list(db, query) {
      return (await connections.listPage(db, query)).map(document);
    },
    async get(db, name, namespace) {
      const rec = await connections.byName(db, namespace ?? 'default', name);
      return rec && document(rec);
    },
    async delete(db, name, namespace) {
      return connections.deleteByName(db, namespace ?? 'default', name);
    },
  };
}
