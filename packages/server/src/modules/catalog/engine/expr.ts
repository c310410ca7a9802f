import { evaluateCel, JSONPATH_DELETE, parseGoTime, queryJsonPath, renderTemplate, toCel, updateJsonPath } from '@ops/shared/expr';

// The engine's one door to the shared expression layer (CEL, Go templates, JSONPath), so the
// rest of the engine reads as config-db's semantics rather than library calls.

/** Returned by a jsonPathUpdate callback to remove the matched field. */
export const DELETE = JSONPATH_DELETE;

// An item's config is read by several filters (masks, relationships, properties, change rules):
// it is converted to CEL values once and reused. Scraped data is never mutated in place.
const converted = new WeakMap<object, unknown>();

function celValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return toCel(value);
  let c = converted.get(value);
  if (c === undefined) {
    c = toCel(value);
    converted.set(value, c);
  }
  return c;
}

/** Evaluate a CEL expression over variables; errors carry the expression's position. */
export function cel(expression: string, vars: Record<string, unknown>): unknown {
  const celVars: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars)) celVars[k] = celValue(v);
  return evaluateCel(expression, celVars, { converted: true });
}

/** Evaluate a CEL filter. Booleans, and the strings "true"/"false", are accepted; anything else is an error. */
export function celBool(expression: string, vars: Record<string, unknown>): boolean {
  const out = cel(expression, vars);
  if (typeof out === 'boolean') return out;
  if (out === 'true' || out === 'false') return out === 'true';
  throw new Error(`expression ${JSON.stringify(expression.trim())} must return a boolean, got ${JSON.stringify(out)}`);
}

/** Render a Go text/template over data. */
export function template(text: string, data: Record<string, unknown>): string {
  return renderTemplate(text, data);
}

/** True for config-db's JSONPath strings ("$.id", "@.name"); anything else is a literal value. */
export function isJsonPath(value: string | undefined): value is string {
  return typeof value === 'string' && (value.startsWith('$') || value.startsWith('@'));
}

/** Every value a JSONPath selects ("@." is accepted as "$."). */
export function jsonPathAll(path: string, data: unknown): unknown[] {
  return queryJsonPath(path.startsWith('@') ? `$${path.slice(1)}` : path, data);
}

/** A copy of data with each match of path replaced by update(value), or removed when it returns DELETE. */
export function jsonPathUpdate(data: unknown, path: string, update: (value: unknown) => unknown): unknown {
  return updateJsonPath(data, path, update);
}

/** Parse a time with a Go layout ("2006-01-02 15:04:05"); throws when the value does not fit. */
export function goTime(layout: string, value: string): Date {
  return parseGoTime(layout, value);
}

/** A scalar as config-db prints it: strings as is, other values as JSON. */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
