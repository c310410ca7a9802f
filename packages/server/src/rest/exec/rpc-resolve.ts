import { PgrstError } from '../errors.js';
import { closest } from '../fuzzy.js';
import type { FunctionDef, SchemaCache } from '../schema/model.js';

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/** PostgREST's overload matching: required parameters all given, optional ones any subset, nothing unknown. */
function matchesParams(fn: FunctionDef, keys: Set<string>): boolean {
  if (!fn.params.length) return keys.size === 0;
  const required = new Set(fn.params.filter((p) => p.required).map((p) => p.name));
  const optional = new Set(fn.params.filter((p) => !p.required).map((p) => p.name));
  const rest = new Set([...keys].filter((k) => !optional.has(k)));
  return sameSet(rest, required);
}

const singleJsonParam = (fn: FunctionDef) => fn.params.length === 1 && (fn.params[0]!.udt === 'json' || fn.params[0]!.udt === 'jsonb');

/** Pick the function an RPC call means: by name and argument names; the body as one json argument is the fallback for POST. */
export function resolveFunction(
  cache: SchemaCache,
  registered: string[],
  name: string,
  keys: string[],
  post: boolean,
  singleObject: boolean,
): { fn: FunctionDef; single: boolean } {
  const defs = registered.includes(name) ? (cache.functions.get(name) ?? []) : [];
  const keySet = new Set(keys);
  if (post && singleObject) {
    const single = defs.filter(singleJsonParam);
    if (single.length === 1) return { fn: single[0]!, single: true };
  }
  const named = defs.filter((f) => f.params.every((p) => p.name) && matchesParams(f, keySet));
  const fallback = post ? defs.filter((f) => singleJsonParam(f) && !f.params[0]!.name) : [];
  if (named.length === 1) return { fn: named[0]!, single: false };
  if (!named.length && fallback.length === 1) return { fn: fallback[0]!, single: true };
  if (named.length > 1 || fallback.length > 1) {
    const list = (named.length ? named : fallback).map(
      (f) => `${cache.schema}.${f.name}(${f.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`,
    );
    throw new PgrstError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${list.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const func = `${cache.schema}.${name}`;
  const params = keys.length ? `(${keys.join(', ')})` : ' without parameters';
  const detailParams = keys.length ? ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}` : ' without parameters';
  const near = defs.length ? undefined : closest(name, registered, 0.6);
  throw new PgrstError(
    404,
    'PGRST202',
    `Could not find the function ${func}${params} in the schema cache`,
    `Searched for the function ${func}${detailParams}${post ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    near ? `Perhaps you meant to call the function ${cache.schema}.${near}` : null,
  );
}
