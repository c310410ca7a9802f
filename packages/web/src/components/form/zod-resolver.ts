import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Where an error of the whole form (a refinement without a path) is kept; `FormError` shows it. */
export const FORM_ERROR = 'form';

/** Nested RHF error objects from zod issues: the first message per field, by its path. */
export function zodIssuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const path = issue.path.length ? issue.path.map(String) : [FORM_ERROR];
    let node = errors;
    for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    const last = path.at(-1)!;
    node[last] ??= { type: issue.code, message: issue.message };
  }
  return errors as FieldErrors;
}

/**
 * A react-hook-form resolver from a zod schema: the form's values go to onSubmit as typed (the
 * caller trims or maps them); the schema only decides the errors, with the schema's own texts.
 */
export function zodResolver<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  return async (values) => {
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) return { values, errors: {} };
    return { values: {}, errors: zodIssuesToErrors(parsed.error.issues) as FieldErrors<T> };
  };
}
