import { z } from 'zod';
import { MESSAGES } from '@ops/shared';
import { HttpError } from '../../http/errors.js';
import { documentSchema } from './document-schema.js';
import { deleteFlag, flagSource, listFlags, LOCAL_SOURCE, upsertFlag, type FeatureFlagRow } from './feature-flag.repository.js';
import { defineKind, type KindEntry, type ResourceDocument } from './kind-registry.js';

/** Our own API group; later kinds of this server use it too. */
export const OPS_API_VERSION = 'ops.console/v1';
const KIND = 'FeatureFlag';

// Same rule as the data API's properties relation, so both write paths accept the same names.
const FlagName = z
  .string()
  .min(1, 'is required')
  .max(255, 'must be at most 255 characters')
  .regex(/^[\w.-]+$/, 'must contain only letters, digits, "_", "." and "-"');

const FeatureFlagDocument = documentSchema(
  KIND,
  FlagName,
  z.strictObject({
    // YAML turns `value: true` into a boolean; the property itself is text.
    value: z.union([z.string(), z.number(), z.boolean()], { error: 'must be a string, number or boolean' }).transform(String),
  }),
);
type FeatureFlagDocument = z.infer<typeof FeatureFlagDocument>;

const localFlag = (): HttpError => new HttpError(403, MESSAGES.localFeatureFlag);

function toDocument(row: FeatureFlagRow): ResourceDocument {
  return {
    apiVersion: OPS_API_VERSION,
    kind: KIND,
    metadata: {
      name: row.name,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      createdBy: row.created_by_name,
    },
    spec: { value: row.value },
    status: { source: row.source },
  };
}

/**
 * `FeatureFlag` (ops.console/v1): a property such as `health.disable` = 'true'. Applied flags get
 * source 'apply'; local flags (from the properties file) cannot be changed or deleted.
 */
export const featureFlagKind: KindEntry = defineKind<FeatureFlagDocument>({
  kind: KIND,
  apiVersions: [OPS_API_VERSION],
  aliases: ['flag', 'flags', 'featureflag', 'feature-flag', 'feature-flags', 'properties'],
  resource: 'properties',
  namespaced: false,
  supported: true,
  schema: FeatureFlagDocument,
  columns: [
    { header: 'VALUE', path: 'spec.value' },
    { header: 'SOURCE', path: 'status.source' },
    { header: 'UPDATED', path: 'metadata.updatedAt' },
  ],
  async apply(doc, principal, db) {
    const name = doc.metadata.name;
    const action =
      (await upsertFlag(db, name, doc.spec.value, principal.id)) ??
      ((await flagSource(db, name)) === LOCAL_SOURCE ? undefined : 'unchanged');
    if (!action) throw localFlag();
    return { kind: KIND, name, namespace: null, id: name, action };
  },
  async list(db, query) {
    return (await listFlags(db, query.limit, query.offset)).map(toDocument);
  },
  async get(db, name) {
    const [row] = await listFlags(db, 1, 0, name);
    return row && toDocument(row);
  },
  async delete(db, name) {
    if (await deleteFlag(db, name)) return true;
    if ((await flagSource(db, name)) === LOCAL_SOURCE) throw localFlag();
    return false;
  },
});
