import { can, holdsSecretMask, maskSecrets, restoreSecrets, SecretMaskError } from '@ops/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import type { Principal } from '../identity/index.js';
import type { KindRegistry, ResourceDocument, SupportedKind } from './kind-registry.js';
import type { RawDocument } from './parse-documents.js';

/** A document as a caller sees it: credentials in its spec masked unless the caller may write the kind. */
export function documentFor(doc: ResourceDocument, kind: SupportedKind<never>, principal: Principal): ResourceDocument {
  return can(principal.roles, kind.resource, 'write') ? doc : { ...doc, spec: maskSecrets(doc.spec) };
}

/**
 * Before applied documents are validated: masks sent back untouched take the stored secret at the same
 * path (by key, and by index in lists), so `ops get -o yaml | ops apply` keeps the credentials; a mask
 * that matches no stored secret is a 400 naming its path. Only for kinds the caller may write.
 */
export async function restoreMaskedDocuments(
  db: Kysely<Database>,
  registry: KindRegistry,
  docs: RawDocument[],
  principal: Principal,
): Promise<RawDocument[]> {
  for (const raw of docs) {
    const v = raw.value as { kind?: unknown; metadata?: { name?: unknown; namespace?: unknown }; spec?: unknown } | null;
    if (!v || typeof v !== 'object' || !holdsSecretMask(v.spec) || typeof v.kind !== 'string') continue;
    const kind = registry.forDocument(v.kind);
    const name = v.metadata?.name;
    if (!kind?.supported || typeof name !== 'string' || !can(principal.roles, kind.resource, 'write')) continue;
    const namespace = kind.namespaced ? (typeof v.metadata?.namespace === 'string' ? v.metadata.namespace : 'default') : undefined;
    const stored = await kind.get(db, name, namespace);
    try {
      v.spec = restoreSecrets(v.spec, stored?.spec);
    } catch (e) {
      if (e instanceof SecretMaskError) throw badRequest(`document ${raw.index} (${kind.kind} ${name}): ${e.message}`);
      throw e;
    }
  }
  return docs;
}
