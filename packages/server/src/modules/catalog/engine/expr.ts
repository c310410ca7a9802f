import { evaluateCel, JSONPATH_DELETE, parseGoTime, queryJsonPath, renderTemplate, updateJsonPath } from '@ops/shared/expr';

// The engine's one door to the shared expression layer (CEL, Go templates, JSONPath), so the
// rest of the engine reads as config-db's semantics rather than library calls.

/** Returned by a jsonPathUpdate callback to remove the matched field. */
export const DELETE = JSONPATH_DELETE;

/** Evaluate a CEL expression over variables; errors carry the expression's position. */
export function cel(expression: string, vars: Record<string, unknown>): unknown {
  return evaluateCel(expression, vars);
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
