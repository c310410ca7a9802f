import { NO_TITLE } from '../constants.js';

/** The title to show for an item, or '(no title)' when it is missing or blank. */
export function titleOrFallback(title: string | null | undefined): string {
  const trimmed = title?.trim();
  return trimmed ? trimmed : NO_TITLE;
}

/**
 * Avatar initials: the first letters of up to two words, upper-cased ('Ada Lovelace' → 'AL').
 * Splits on spaces, dots, dashes and underscores so e-mail-like names ('ada.lovelace') work too.
 */
export function avatarInitials(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s._-]+/)
    .filter((w) => w.length > 0);
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0]!.toUpperCase())
    .join('');
}
