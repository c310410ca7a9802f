// The parameters form keeps one value per parameter under a key made from its position: parameter names may hold
// dots or brackets, which react-hook-form would read as paths.
import type { PlaybookParameterWire } from '@ops/shared';

/** The form's values: text for most types, true/false for a checkbox. */
export type ParamFormValues = Record<string, string | boolean>;

/** The form key of the parameter at `index`. */
export function paramKey(index: number): string {
  return `p${index}`;
}

/** A checkbox default arrives as true/false or as the text a template rendered ('true', 'false', ''). */
function truthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  return typeof value === 'string' && ['true', 'yes', '1', 'on'].includes(value.trim().toLowerCase());
}

/** The form's first values: each parameter's rendered default, so a run needs no typing when defaults fit. */
export function initialParamValues(params: readonly PlaybookParameterWire[]): ParamFormValues {
  const values: ParamFormValues = {};
  params.forEach((p, i) => {
    values[paramKey(i)] = p.type === 'checkbox' ? truthy(p.default) : p.default === undefined ? '' : String(p.default);
  });
  return values;
}

/**
 * The `params` map of the run request, by parameter name. Empty optional values are left out so the server
 * applies the playbook's own default; checkboxes are sent as true/false.
 */
export function runParamsFrom(params: readonly PlaybookParameterWire[], values: ParamFormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  params.forEach((p, i) => {
    const value = values[paramKey(i)];
    if (p.type === 'checkbox') out[p.name] = value === true;
    else if (typeof value === 'string' && value !== '') out[p.name] = value;
  });
  return out;
}
