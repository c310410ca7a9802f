// How a typed query becomes LIKE patterns. Input is matched literally: `%`, `_` and `\` are escaped.
import { containsPattern, escapeLike } from '../../db/like-pattern.js';

/** The LIKE patterns of one query; `contains` is null when the query only matches the start of names. */
export interface SearchPattern {
  /** The query lower-cased, compared with `lower(name)` for the exact match that ranks first. */
  lower: string;
  /** `q%` on the lower-cased query. */
  prefix: string;
  /** `%q%`, or null for queries without a run of three letters or digits. */
  contains: string | null;
}

/**
 * Trigram indexes serve `ILIKE '%q%'` only when q holds a trigram (three letters or digits in a row);
 * without one every row would be read. Such short queries ('ab', 'a-b', '::') match the start of names,
 * which a btree serves, so every query stays fast on a large catalogue.
 */
export function searchPattern(q: string): SearchPattern {
  const lower = q.toLowerCase();
  return {
    lower,
    prefix: `${escapeLike(lower)}%`,
    contains: /[\p{L}\p{N}]{3}/u.test(q) ? containsPattern(q) : null,
  };
}
