/**
 * Global search, `GET /api/search?q=&limit=&types=`: what the Ctrl/Cmd-K palette finds by name. The server
 * declares these as its route schemas; the web reads the answer with them.
 */
import { z } from 'zod';

/**
 * What the search finds, in the order the palette shows the groups. Topology components join this list
 * when their table exists (the server's search module has the seam).
 */
export const SEARCH_KINDS = ['config', 'check'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_LIMIT_MAX = 20;
export const SEARCH_LIMIT_DEFAULT = 5;

/** `?q=` (1–200 characters after trimming), `?limit=` per kind (1–20, default 5), `?types=config,check`. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'required' })
    .max(SEARCH_QUERY_MAX_LENGTH, `at most ${SEARCH_QUERY_MAX_LENGTH} characters`)
    .trim()
    .min(1, 'must not be empty'),
  limit: z.coerce
    .number({ error: `an integer from 1 to ${SEARCH_LIMIT_MAX}` })
    .int(`an integer from 1 to ${SEARCH_LIMIT_MAX}`)
    .min(1, `an integer from 1 to ${SEARCH_LIMIT_MAX}`)
    .max(SEARCH_LIMIT_MAX, `an integer from 1 to ${SEARCH_LIMIT_MAX}`)
    .default(SEARCH_LIMIT_DEFAULT),
  /** Comma-separated kinds to search; all when absent. */
  types: z.string().optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** One thing found: its id, name, its type within the kind, a line of context and its health. */
export const searchHitSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The config type (`Kubernetes::Pod`) or the check type (`http`). */
  type: z.string(),
  /** A config's namespace tag; a check's canary. */
  detail: z.string().nullable(),
  /** A config's health; a check's status. */
  health: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** The best matches of each kind (exact name, then names starting with q, then names or types containing it). */
export const searchResponseSchema = z.object({
  q: z.string(),
  results: z.object({ config: z.array(searchHitSchema), check: z.array(searchHitSchema) }),
  /** Milliseconds the server spent. */
  duration: z.number(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
