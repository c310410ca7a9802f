// The parameters form's zod schema: every value is checked with the same rules and messages the server applies
// when the run is submitted (parameterValueError from @ops/shared), so what the form accepts the server accepts.
import { MESSAGES, parameterValueError, type PlaybookParameterWire } from '@ops/shared';
import { z } from 'zod';
import { paramKey } from './param-values';

/** The message for one value, or null when it is fine; an empty required value is 'This field is required'. */
export function paramError(param: PlaybookParameterWire, value: unknown): string | null {
  if (param.required && param.type !== 'checkbox' && (value === undefined || value === null || value === '')) return MESSAGES.required;
  return parameterValueError(param, value);
}

/** A schema for the form's values of these parameters; each issue is placed on its parameter's key. */
export function paramsSchema(params: readonly PlaybookParameterWire[]): z.ZodType {
  return z.record(z.string(), z.unknown()).superRefine((values, ctx) => {
    params.forEach((p, i) => {
      const key = paramKey(i);
      const message = paramError(p, values[key]);
      if (message) ctx.addIssue({ code: 'custom', path: [key], message });
    });
  });
}
