import { get, type FieldErrors } from 'react-hook-form';

/** A DOM id for a form path ('checks.0.entry.url' → 'f-checks-0-entry-url'). */
export function fieldId(path: string): string {
  return `f-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
}

/** The message react-hook-form holds for a path, if any. */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  const e = get(errors, path) as { message?: unknown } | undefined;
  return typeof e?.message === 'string' ? e.message : undefined;
}

/** What a number input holds: a number, undefined when empty, the raw text when it is not a number. */
export function toNumberValue(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  const t = text.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : text;
}

/** Read-only fields look settled (muted), so users see at once what they cannot change. */
export const READ_ONLY_CLASS = 'read-only:bg-muted/60 read-only:text-muted-foreground';
