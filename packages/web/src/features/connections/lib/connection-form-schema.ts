import { connectionInputSchema, connectionPatchSchema, MESSAGES, type ConnectionField } from '@ops/shared';
import { z } from 'zod';
import { isBlankCredential } from './credential-value';
import { fieldControl, typeInfo, type FieldControl, type FieldValue } from './connection-form-model';

/** The message of a value that is not what the field takes (a port that is not a number). */
export const INVALID_VALUE = 'Please provide valid value';

const blankText = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';

/** One field's rule: required fields say 'This field is required'; numbers must be whole and not negative. */
function fieldRule(def: ConnectionField, control: FieldControl): z.ZodType {
  return z.unknown().superRefine((value, ctx) => {
    if (control === 'boolean') return;
    const blank = control === 'credential' ? isBlankCredential(value) : blankText(value);
    if (blank) {
      if (def.required) ctx.addIssue({ code: 'custom', message: MESSAGES.required });
      return;
    }
    if (control === 'number' && typeof value === 'string' && !/^\d+$/.test(value.trim())) {
      ctx.addIssue({ code: 'custom', message: INVALID_VALUE });
    }
  });
}

/**
 * The form's rules for a type: name and namespace as the server checks them (a DNS-1123 label), and
 * each field of the type by its kind. `initial` tells which fields hold a reference (drawn as credentials).
 */
export function connectionFormSchema(type: string, initial: Record<string, FieldValue>): z.ZodType {
  const fields = Object.fromEntries(typeInfo(type).fields.map((def) => [def.name, fieldRule(def, fieldControl(def, initial[def.name]))]));
  return z.object({
    name: z.string().trim().min(1, MESSAGES.required).pipe(connectionInputSchema.shape.name),
    namespace: z.string().trim().min(1, MESSAGES.required).pipe(connectionPatchSchema.shape.namespace.unwrap()),
    fields: z.object(fields),
  });
}
