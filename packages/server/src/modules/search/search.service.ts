// What global search reads for a caller: each kind they may read, through that kind's query.
import { can, SEARCH_KINDS, type RbacResource, type Role, type SearchHit, type SearchKind, type SearchResponse } from '@ops/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { searchPattern, type SearchPattern } from './search-pattern.js';
import { searchChecks, searchConfigItems } from './search.repository.js';

/**
 * Each kind with the resource whose read permission it needs (as the catalogue and health APIs ask) and
 * its query. Topology components are the seam: when their table exists, add `component` to SEARCH_KINDS
 * and a source here reading it with read on 'topologies'.
 */
const SOURCES: Record<
  SearchKind,
  { resource: RbacResource; search: (db: Kysely<Database>, p: SearchPattern, limit: number) => Promise<SearchHit[]> }
> = {
  config: { resource: 'database', search: searchConfigItems },
  check: { resource: 'canaries', search: searchChecks },
};

/** The best `limit` matches of `q` in each of `kinds` the roles may read (the others stay empty). */
export async function searchAll(
  db: Kysely<Database>,
  opts: { q: string; limit: number; kinds: ReadonlySet<SearchKind>; roles: readonly Role[] },
): Promise<SearchResponse['results']> {
  const pattern = searchPattern(opts.q);
  const results: SearchResponse['results'] = { config: [], check: [] };
  await Promise.all(
    SEARCH_KINDS.filter((kind) => opts.kinds.has(kind) && can(opts.roles, SOURCES[kind].resource, 'read')).map(async (kind) => {
      results[kind] = await SOURCES[kind].search(db, pattern, opts.limit);
    }),
  );
  return results;
}
