// Whether an event trigger entry (`{event, filter, labels}`) accepts a resource: its CEL `filter` is true
// for the resource and the event, and each of its `labels` globs matches the resource's labels. Any entry of
// the playbook's list for the event may accept; a filter that fails to evaluate is an error naming it.
import { evaluateCel, matchLabel } from '@ops/shared/expr';
import type { EventDecl } from './trigger-spec.js';

/** A filter that cannot be evaluated or does not give a boolean; the message names the spec field. */
export class EventFilterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventFilterError';
  }
}

/** What a filter sees: `config`, `component` or `check` (with `canary`), and `event` {name, properties}. */
export type FilterEnv = Record<string, unknown>;

/** True when one of `entries` with this event accepts the resource; `field` is e.g. 'spec.on.config'. */
export function eventAccepts(
  entries: readonly EventDecl[],
  event: string,
  env: FilterEnv,
  labels: Record<string, unknown>,
  field: string,
): boolean {
  return entries.some((entry, i) => {
    if (entry.event !== event) return false;
    if (!labelsMatch(entry.labels, labels)) return false;
    return !entry.filter?.trim() || filterValue(entry.filter, env, `${field}[${i}].filter`);
  });
}

function labelsMatch(wanted: Record<string, string> | undefined, labels: Record<string, unknown>): boolean {
  return Object.entries(wanted ?? {}).every(([key, patterns]) => matchLabel(labels, key, patterns));
}

function filterValue(expression: string, env: FilterEnv, field: string): boolean {
  let value: unknown;
  try {
    value = evaluateCel(expression, env);
  } catch (err) {
    throw new EventFilterError(`${field}: ${(err as Error).message}`);
  }
  if (typeof value === 'boolean') return value;
  // Go templates and some CEL helpers give "true"/"false" as text, as mission-control accepts.
  if (value === 'true' || value === 'false') return value === 'true';
  throw new EventFilterError(`${field}: the expression must give true or false, got ${JSON.stringify(value)}`);
}
