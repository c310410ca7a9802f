// The `Canary` kind (canaries.flanksource.com/v1) of POST /api/resources/apply and `ops get canaries`:
// the document is validated by the engine (errors name the field), then stored, synced and scheduled.
// The entry is shaped like the resources registry's SupportedKind; modules/resources/kinds.ts registers it.
import { CANARY_API_VERSION, CANARY_KIND } from '@ops/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../context.js';
import type { Principal } from '../identity/index.js';
import { CanaryValidationError, parseCanary, type CanaryDocument, type ParsedCanary } from './engine/index.js';
import { CanaryStore, type CanaryResource } from './canary-store.js';
import { pathSegments } from './canary-validation.js';
import { assertNoMetricClash } from './metrics/metric-clashes.js';

/** A validated document (metadata and spec, as the resources planner reads them) with its parsed form. */
export type CanaryKindDocument = CanaryDocument & { parsed: ParsedCanary };

const CanaryDocumentSchema = z.unknown().transform((value, ctx): CanaryKindDocument => {
  try {
    const parsed = parseCanary(value);
    return { ...parsed.document, parsed };
  } catch (err) {
    if (!(err instanceof CanaryValidationError)) throw err;
    for (const issue of err.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: pathSegments(issue.path) });
    return z.NEVER;
  }
});

/** The kind entry (structurally a SupportedKind<CanaryKindDocument> of the resources registry). */
export interface CanaryKindEntry {
  kind: string;
  apiVersions: readonly string[];
  aliases: readonly string[];
  resource: 'canaries';
  namespaced: true;
  supported: true;
  schema: z.ZodType<CanaryKindDocument>;
  columns: ReadonlyArray<{ header: string; path: string }>;
  apply(
    doc: CanaryKindDocument,
    principal: Principal,
    db: Kysely<Database>,
  ): Promise<{ kind: string; name: string; namespace: string | null; id: string; action: 'created' | 'updated' | 'unchanged' }>;
  lockForApply(docs: CanaryKindDocument[], db: Kysely<Database>): Promise<void>;
  list(db: Kysely<Database>, query: { namespace?: string; limit: number; offset: number }): Promise<CanaryResource[]>;
  get(db: Kysely<Database>, name: string, namespace?: string): Promise<CanaryResource | undefined>;
  delete(db: Kysely<Database>, name: string, namespace: string | undefined, principal: Principal): Promise<boolean>;
}

/** The Canary kind; it replaces the "not supported yet" placeholder in the registry. */
export function canaryKind(ctx: AppContext): CanaryKindEntry {
  const canaries = new CanaryStore(ctx.config.OPS_CHECK_TIMEOUT_SECONDS * 1000);
  return {
    kind: CANARY_KIND,
    apiVersions: [CANARY_API_VERSION],
    aliases: ['healthcheck', 'healthchecks'],
    resource: 'canaries',
    namespaced: true,
    supported: true,
    schema: CanaryDocumentSchema,
    columns: [
      { header: 'SCHEDULE', path: 'status.schedule' },
      { header: 'SOURCE', path: 'status.source' },
      { header: 'UPDATED', path: 'metadata.updatedAt' },
    ],
    async apply(doc, principal, db) {
      await assertNoMetricClash(db, doc.parsed);
      const { id, action } = await canaries.apply(db, doc.parsed, principal.id);
      return { kind: CANARY_KIND, name: doc.metadata.name, namespace: doc.metadata.namespace, id, action };
    },
    lockForApply: (docs, db) =>
      canaries.lockForApply(
        db,
        docs.map((d) => d.metadata),
      ),
    list: (db, query) => canaries.list(db, query),
    get: (db, name, namespace) => canaries.get(db, name, namespace ?? 'default'),
    delete: (db, name, namespace) => canaries.delete(db, name, namespace ?? 'default'),
  };
}
