// The catalogue's selector lookup (refs.repository.ts) for other areas: health links checks to the
// config items their `relationships.configs` selectors name, inside the caller's Kysely transaction.
import type { Kysely } from 'kysely';
import type { RelationshipSelector } from '../engine/index.js';
import { fromKysely } from './queryable.js';
import { resolveSelectors } from './refs.repository.js';

export type { RelationshipSelector as ConfigSelector };

/**
 * Ids of the live items each selector matches (at most 1,000 each), in selector order. No requesting
 * scraper: a selector without `scope` looks at every scraper's items; `scope: <scraper id>` narrows it.
 */
export function configIdsForSelectors<DB>(db: Kysely<DB>, selectors: RelationshipSelector[]): Promise<string[][]> {
  return resolveSelectors(fromKysely(db), selectors, null);
}
