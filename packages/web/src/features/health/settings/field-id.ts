import { get, type FieldValues, type FormState } from 'react-hook-form';

/** A DOM id for a form path ('checks.0.entry.url' → 'f-checks-0-entry-url'). */
export function fieldId(path: string): string {
  return `f-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
}

/** What errorAt reads of react-hook-form's form state. */
export type ShownErrorState = Pick<FormState<FieldValues>, 'errors' | 'touchedFields' | 'isSubmitted'>;

/**
 * The message to show under a field: react-hook-form's error for the path once the field was left, or
 * after a submit (which marks every field), as the app's other forms do (useFieldError). A field nobody
 * has reached yet shows nothing, though the whole form is validated on every change; "changed" is no
 * guide here, since a newly added check differs from the defaults in every field.
 */
export function errorAt(state: ShownErrorState, path: string): string | undefined {
  const e = get(state.errors, path) as { message?: unknown } | undefined;
  if (typeof e?.message !== 'string') return undefined;
  return state.isSubmitted || get(state.touchedFields, path) ? e.message : undefined;
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
