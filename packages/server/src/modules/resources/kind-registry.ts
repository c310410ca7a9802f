import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { RbacResource, ResourceApplyResult, ResourceColumn, ResourceDocument, ResourceListQuery } from '@ops/shared';
import type { Database } from '../../db/schema.js';
import type { Principal } from '../identity/index.js';

// The wire shapes are @ops/shared's (the route schemas); these are their names inside the server.
export type { ResourceDocument };
/** What applying one document did. `id` is the row id (the name when the kind has no other id). */
export type ApplyResult = ResourceApplyResult;
export type ApplyAction = ApplyResult['action'];
/** A column `ops get` prints after NAME (and NAMESPACE for namespaced kinds). */
export type PrinterColumn = ResourceColumn;
export type ListQuery = ResourceListQuery;

/** Fields every kind entry has, supported or not. */
interface KindBase {
  /** Kind as written in documents, e.g. 'FeatureFlag'. */
  kind: string;
  /** Accepted apiVersions; the first one is what the server writes back. */
  apiVersions: readonly string[];
  /** Other names the API and CLI accept for the kind (matched case-insensitively), e.g. 'flags'. */
  aliases: readonly string[];
  /** RBAC resource checked for read (get/list) and write (apply/delete). */
  resource: RbacResource;
  namespaced: boolean;
}

/** A kind this server stores. `doc` is the output of `schema`; `db` is the request's transaction for writes. */
export interface SupportedKind<Doc = unknown> extends KindBase {
  supported: true;
  schema: z.ZodType<Doc>;
  columns: readonly PrinterColumn[];
  apply(doc: Doc, principal: Principal, db: Kysely<Database>): Promise<ApplyResult>;
  /**
   * Before any document is applied, lock in a fixed order what background work also writes for these
   * documents (a kind whose results are written in batches), so that the apply waits rather than deadlocks.
   */
  lockForApply?(docs: Doc[], db: Kysely<Database>): Promise<void>;
  list(db: Kysely<Database>, query: ListQuery): Promise<ResourceDocument[]>;
  get(db: Kysely<Database>, name: string, namespace?: string): Promise<ResourceDocument | undefined>;
  /** Remove one resource; false when it does not exist. Throws HttpError when it may not be removed. */
  delete(db: Kysely<Database>, name: string, namespace: string | undefined, principal: Principal): Promise<boolean>;
}

/** A kind we recognise (e.g. Flanksource's Canary) but cannot store yet: answered with 422. */
export interface UnsupportedKind extends KindBase {
  supported: false;
}

export type KindEntry = SupportedKind<never> | UnsupportedKind;

/** Erase a kind's document type so entries of different kinds fit in one registry. */
export function defineKind<Doc>(kind: SupportedKind<Doc>): KindEntry {
  return kind as unknown as SupportedKind<never>;
}

/**
 * Kinds by name. Later areas replace a recognised-but-unsupported entry by registering the real
 * one under the same kind name; `register` keeps one entry per kind.
 */
export class KindRegistry {
  private readonly byKind = new Map<string, KindEntry>();
  private readonly byAlias = new Map<string, KindEntry>();

  constructor(entries: readonly KindEntry[] = []) {
    for (const e of entries) this.register(e);
  }

  /** Add a kind, replacing any entry with the same kind name (and its aliases). */
  register(entry: KindEntry): void {
    const old = this.byKind.get(entry.kind);
    if (old) for (const [alias, e] of this.byAlias) if (e === old) this.byAlias.delete(alias);
    this.byKind.set(entry.kind, entry);
    for (const alias of namesOf(entry)) {
      const taken = this.byAlias.get(alias);
      if (taken && taken.kind !== entry.kind) throw new Error(`kind alias ${alias} of ${entry.kind} is already used by ${taken.kind}`);
      this.byAlias.set(alias, entry);
    }
  }

  /** The entry for a document's `kind` (exact, case-sensitive as in Kubernetes). */
  forDocument(kind: string): KindEntry | undefined {
    return this.byKind.get(kind);
  }

  /** The entry for a kind name or alias typed in a URL or on the command line (case-insensitive). */
  resolve(name: string): KindEntry | undefined {
    return this.byAlias.get(name.toLowerCase());
  }

  /** Suggest the kind a mistyped name probably meant. */
  suggest(name: string): string | undefined {
    return this.resolve(name)?.kind;
  }

  /** Every entry, sorted by kind. */
  all(): KindEntry[] {
    return [...this.byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind));
  }
}

// A kind is known by its name, its plural, and its aliases, all lower-case.
function namesOf(entry: KindEntry): string[] {
  const k = entry.kind.toLowerCase();
  return [...new Set([k, plural(k), ...entry.aliases.map((a) => a.toLowerCase())])];
}

// English plurals of kind names: canary → canaries, policy → policies, class → classes, flag → flags.
function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}
