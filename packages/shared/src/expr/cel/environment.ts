// The CEL environment: cel-js configured like Flanksource's (undeclared variables are dyn, mixed
// list/map literals allowed, optional types on) with our extension libraries registered.
import { Environment } from '@marcbachmann/cel-js';
import { collectionsLibrary } from './lib/collections.js';
import { dataLibrary } from './lib/data.js';
import { encodingLibrary } from './lib/encoding.js';
import { macrosLibrary } from './lib/macros.js';
import { mathLibrary } from './lib/math.js';
import { regexLibrary } from './lib/regex.js';
import { stringsLibrary } from './lib/strings.js';
import { timeLibrary } from './lib/time.js';
import { adaptResult, fromCel } from './convert.js';
import { CelRegistrar, type CelLibrary } from './registrar.js';

/** Every library of the default environment, in registration order. */
export const CEL_LIBRARIES: readonly CelLibrary[] = [
  macrosLibrary,
  stringsLibrary,
  regexLibrary,
  collectionsLibrary,
  timeLibrary,
  encodingLibrary,
  mathLibrary,
  dataLibrary,
];

/**
 * An engine-specific function (playbook `success()`, config-db `db.external_users(id)`, ...).
 * `name` may be namespaced ("db.users"); `receiver` makes it a method. The handler gets plain
 * values (ints as numbers) and may return plain values; they are converted to `returns`.
 */
export interface CelFunction {
  name: string;
  receiver?: string;
  params: string[];
  returns: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- arguments arrive as converted plain values
  handler: (...args: any[]) => unknown;
}

export interface BuiltEnvironment {
  env: Environment;
  namespaced: ReadonlySet<string>;
  names: ReadonlySet<string>;
}

/** Builds a cel-js Environment with our libraries plus the caller's functions. */
export function buildEnvironment(functions: readonly CelFunction[] = []): BuiltEnvironment {
  const env = new Environment({
    unlistedVariablesAreDyn: true,
    homogeneousAggregateLiterals: false,
    enableOptionalTypes: true,
    limits: { maxAstNodes: 20_000, maxDepth: 120, maxListElements: 10_000, maxMapEntries: 10_000, maxCallArguments: 32 },
  });
  const r = new CelRegistrar(env);
  for (const lib of CEL_LIBRARIES) lib(r);
  for (const f of functions) {
    const handler = (...args: unknown[]) => adaptResult(f.returns, f.handler(...args.map(fromCel)));
    if (f.receiver) r.method(f.receiver, f.name, f.params, f.returns, handler);
    else r.fn(f.name, f.params, f.returns, handler);
  }
  return { env, namespaced: r.namespaced, names: r.names };
}
