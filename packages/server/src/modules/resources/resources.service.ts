import { can, type RbacAction } from '@ops/shared';
import type { Db } from '../../db/pool.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { assertMayWriteCode } from '../../sandbox/exec-permission.js';
import type { Principal } from '../identity/index.js';
import type { ApplyResult, KindEntry, KindRegistry, ListQuery, ResourceDocument, SupportedKind } from './kind-registry.js';
import { parseDocuments, type BodyFormat } from './parse-documents.js';
import { documentFor, restoreMaskedDocuments } from './secret-mask.js';
import { describeProblem, planDocuments, type DocumentProblem, type PlannedDocument } from './plan-documents.js';
import { retriedTransaction } from '../../db/retried-transaction.js';

export interface DeleteResult {
  kind: string;
  name: string;
  namespace: string | null;
  action: 'deleted';
}

/** Config as code: apply documents of any registered kind, and get, list and delete them by kind. */
export class ResourcesService {
  constructor(
    private readonly db: Db,
    readonly registry: KindRegistry,
  ) {}

  /**
   * Parse and validate every document, then apply them all in one transaction: either every
   * document is applied or nothing is written.
   */
  async apply(body: string, format: BodyFormat, principal: Principal): Promise<ApplyResult[]> {
    const docs = await restoreMaskedDocuments(this.db.kysely, this.registry, parseDocuments(body, format), principal);
    const planned = planDocuments(docs, this.registry, principal);
    // Specs that execute code may be restricted to admins (setting exec.restrictToAdmin).
    await assertMayWriteCode(
      this.db,
      principal.roles,
      planned.map((p) => ({ kind: p.kind.kind, name: p.name, spec: (p.doc as { spec?: unknown }).spec })),
    );
    // Kinds lock what their background writers share with the apply first, in the writers' order; a
    // deadlock left (another writer of the same rows) runs the whole apply again.
    return retriedTransaction(this.db.kysely, async (trx) => {
      for (const [kind, docs] of byKind(planned)) await kind.lockForApply?.(docs, trx);
      const results: ApplyResult[] = [];
      for (const p of planned) {
        try {
          results.push(await p.kind.apply(p.doc, principal, trx));
        } catch (err) {
          throw err instanceof HttpError ? applyError(p, err) : err;
        }
      }
      return results;
    });
  }

  /** Every kind the server knows, with whether it can store it yet. */
  kinds(): KindEntry[] {
    return this.registry.all();
  }

  /** One page of a kind's resources (read permission on the kind's resource). */
  async list(kindName: string, query: ListQuery, principal: Principal): Promise<{ kind: SupportedKind<never>; items: ResourceDocument[] }> {
    const kind = this.supportedKind(kindName, principal, 'read');
    const items = await kind.list(this.db.kysely, query);
    return { kind, items: items.map((d) => documentFor(d, kind, principal)) };
  }

  /** One resource by name; 404 naming it when missing. */
  async get(kindName: string, name: string, namespace: string | undefined, principal: Principal): Promise<ResourceDocument> {
    const kind = this.supportedKind(kindName, principal, 'read');
    const doc = await kind.get(this.db.kysely, name, namespace);
    if (!doc) throw notFound(`${kind.kind} ${name} not found`);
    return documentFor(doc, kind, principal);
  }

  /** Remove one resource (write permission); 404 when missing. */
  async delete(kindName: string, name: string, namespace: string | undefined, principal: Principal): Promise<DeleteResult> {
    const kind = this.supportedKind(kindName, principal, 'write');
    const gone = await retriedTransaction(this.db.kysely, (trx) => kind.delete(trx, name, namespace, principal));
    if (!gone) throw notFound(`${kind.kind} ${name} not found`);
    return { kind: kind.kind, name, namespace: kind.namespaced ? (namespace ?? 'default') : null, action: 'deleted' };
  }

  // A kind named in a URL: unknown 400, not allowed 403, not stored yet 422.
  private supportedKind(name: string, principal: Principal, action: RbacAction): SupportedKind<never> {
    const kind = this.registry.resolve(name);
    if (!kind) throw badRequest(`unknown kind ${name}`);
    if (!can(principal.roles, kind.resource, action)) {
      throw new HttpError(403, `Forbidden: roles ${principal.roles.join(', ')} may not ${action} ${kind.kind} (resource ${kind.resource})`);
    }
    if (!kind.supported) throw new HttpError(422, `kind ${kind.kind} is not supported by this server yet`);
    return kind;
  }
}

// A kind refused one document while applying (e.g. a local feature flag): name the document.
function applyError(p: PlannedDocument, err: HttpError): HttpError {
  const problem: DocumentProblem = {
    status: err.statusCode,
    document: p.index,
    line: p.line,
    kind: p.kind.kind,
    name: p.name,
    field: null,
    message: err.message,
  };
  return new HttpError(err.statusCode, describeProblem(problem), [problem]);
}

// The planned documents of each kind, in the order kinds first appear.
function byKind(planned: readonly PlannedDocument[]): Map<SupportedKind<never>, never[]> {
  const out = new Map<SupportedKind<never>, never[]>();
  for (const p of planned) {
    const docs = out.get(p.kind);
    if (docs) docs.push(p.doc);
    else out.set(p.kind, [p.doc]);
  }
  return out;
}
