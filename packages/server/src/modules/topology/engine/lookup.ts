// A lookup: a Canary spec run for its results, as canary-checker does. http, sql (postgres, mysql…),
// exec and every other check type run through the health engine (connections resolved by
// `connection://`, exec behind the sandbox); `catalog`/`configs` query catalogue items and `checks`
// query checks. Each result is the check's `display` (usually JSON) or, without one, its data.
import { CANARY_API_VERSION } from '@ops/shared';
import { evaluateCel, renderTemplate } from '@ops/shared/expr';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { ConnectionResolvers } from '../../../context.js';
import { parseCanary, runCheck } from '../../health/index.js';
import { selectChecks, selectConfigs } from './selectors.js';
import type { CheckSelector, ConfigSelector, LookupSpec } from './topology-spec.js';

/** A lookup that failed: the run fails and deletes nothing. */
export class LookupError extends Error {}

export interface LookupEnv {
  db: Kysely<Database>;
  namespace: string;
  connections?: ConnectionResolvers;
  signal?: AbortSignal;
  timeoutMs: number;
}

interface Display {
  expr?: string;
  template?: string;
}

interface QueryEntry {
  name?: string;
  selector?: ConfigSelector | ConfigSelector[] | CheckSelector;
  display?: Display;
  [key: string]: unknown;
}

/** Runs a lookup named `name`; each element is a display string or a plain value. */
export async function runLookup(env: LookupEnv, name: string, spec: LookupSpec): Promise<unknown[]> {
  const { catalog, configs, checks, ...canary } = spec;
  const results: unknown[] = [];
  for (const entry of asEntries(catalog).concat(asEntries(configs))) {
    const selectors = entrySelectors(entry) as ConfigSelector[];
    const items = (await Promise.all(selectors.map((s) => selectConfigs(env.db, s)))).flat();
    const rows = items.map((c) => ({ ...c, tags: c.tags ?? {}, labels: c.labels ?? {} }));
    results.push(...display(entry.display, rows, { config_items: rows }, `${name}: catalog`));
  }
  for (const entry of asEntries(checks)) {
    const selectors = entrySelectors(entry) as CheckSelector[];
    const rows = (await Promise.all(selectors.map((s) => selectChecks(env.db, s)))).flat();
    results.push(...display(entry.display, rows, { checks: rows }, `${name}: checks`));
  }
  if (Object.keys(canary).length > 0) results.push(...(await runChecks(env, name, canary)));
  return results;
}

function asEntries(v: unknown): QueryEntry[] {
  return Array.isArray(v) ? (v.filter((e) => e && typeof e === 'object') as QueryEntry[]) : [];
}

// An entry's selectors: `selector` (one or a list), or the entry's own fields as one selector.
function entrySelectors(entry: QueryEntry): Array<ConfigSelector | CheckSelector> {
  if (Array.isArray(entry.selector)) return entry.selector;
  if (entry.selector && typeof entry.selector === 'object') return [entry.selector];
  const { name: _name, display: _display, ...rest } = entry;
  return [rest as ConfigSelector];
}

// With a display the rows go through it (one result); without, each row is a result of its own.
function display(d: Display | undefined, rows: unknown[], extra: Record<string, unknown>, what: string): unknown[] {
  if (!d || (!d.expr && !d.template)) return rows;
  const vars = { results: rows, ...extra };
  try {
    if (d.expr) {
      const out = evaluateCel(d.expr, vars);
      return [typeof out === 'string' ? out : JSON.stringify(out)];
    }
    return [renderTemplate(d.template!, vars)];
  } catch (err) {
    throw new LookupError(`${what} display: ${(err as Error).message}`);
  }
}

// The Canary part of a lookup, run check by check; a check that fails fails the lookup.
async function runChecks(env: LookupEnv, name: string, spec: Record<string, unknown>): Promise<unknown[]> {
  const parsed = parseCanary({ apiVersion: CANARY_API_VERSION, kind: 'Canary', metadata: { name, namespace: env.namespace }, spec });
  const out: unknown[] = [];
  for (const check of parsed.checks) {
    const r = await runCheck(check, { connections: env.connections, signal: env.signal, timeoutMs: env.timeoutMs });
    if (r.invalid || r.error || !r.pass) {
      throw new LookupError(`${check.type} ${check.name}: ${r.error || r.message || 'the lookup check failed'}`);
    }
    if (r.display !== undefined) out.push(r.display);
    // exec without a display: its standard output (usually JSON), as canary-checker reads it.
    else if (check.type === 'exec' && r.detail && typeof r.detail === 'object') out.push((r.detail as { stdout?: unknown }).stdout ?? '');
    else if (r.detail !== undefined && r.detail !== null) out.push(...(Array.isArray(r.detail) ? r.detail : [r.detail]));
    else out.push(r.data);
  }
  return out;
}
