// Typed text matched literally by LIKE/ILIKE: `%`, `_` and `\` (PostgreSQL's default escape) are escaped.

/** The text with LIKE's wildcards and escape character escaped. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern matching values that contain the text anywhere. */
export const containsPattern = (s: string): string => `%${escapeLike(s)}%`;
