import { PgrstError } from '../errors.js';

/** The `Prefer` header preferences PostgREST understands (RFC 7240); the first of each wins. */
export interface Preferences {
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  params?: 'single-object';
  maxAffected?: number;
  invalid: string[];
}

const KNOWN: Record<string, [keyof Preferences, string]> = {
  'return=representation': ['return', 'representation'],
  'return=minimal': ['return', 'minimal'],
  'return=headers-only': ['return', 'headers-only'],
  'count=exact': ['count', 'exact'],
  'count=planned': ['count', 'planned'],
  'count=estimated': ['count', 'estimated'],
  'resolution=merge-duplicates': ['resolution', 'merge-duplicates'],
  'resolution=ignore-duplicates': ['resolution', 'ignore-duplicates'],
  'missing=default': ['missing', 'default'],
  'missing=null': ['missing', 'null'],
  'handling=strict': ['handling', 'strict'],
  'handling=lenient': ['handling', 'lenient'],
  'params=single-object': ['params', 'single-object'],
};

/** Parse one or more comma-separated `Prefer` headers; with handling=strict unknown ones are a 400 (PGRST122). */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = { invalid: [] };
  if (!header) return prefs;
  const set = prefs as unknown as Record<string, unknown>;
  for (const raw of header.split(',')) {
    const token = raw.trim();
    if (!token) continue;
    const known = KNOWN[token];
    if (known) {
      if (set[known[0]] === undefined) set[known[0]] = known[1];
    } else if (/^max-affected=\d{1,15}$/.test(token)) {
      prefs.maxAffected ??= Number(token.slice('max-affected='.length));
    } else if (!token.startsWith('tx=') && !token.startsWith('timezone=')) {
      prefs.invalid.push(token);
    }
  }
  if (prefs.handling === 'strict' && prefs.invalid.length) {
    throw new PgrstError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.invalid.join(', ')}`,
    );
  }
  return prefs;
}

/** The `Preference-Applied` value for the given keys, in PostgREST's order; undefined when none applied. */
export function preferenceApplied(p: Preferences, keys: readonly (keyof Preferences)[]): string | undefined {
  const order: (keyof Preferences)[] = ['resolution', 'missing', 'return', 'params', 'count', 'handling'];
  const vals: string[] = [];
  for (const k of order) {
    if (keys.includes(k) && p[k] !== undefined) vals.push(`${k}=${String(p[k])}`);
  }
  if (keys.includes('maxAffected') && p.handling === 'strict' && p.maxAffected !== undefined) vals.push(`max-affected=${p.maxAffected}`);
  return vals.length ? vals.join(', ') : undefined;
}
