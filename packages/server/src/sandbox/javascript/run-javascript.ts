// JavaScript from specs (a scraper's `transform.javascript`, a check's test/display/transform) runs here,
// inside QuickJS compiled to WebAssembly, never in the server's own V8. The script sees only the
// language's built-ins and the variables it is given as JSON: no require, process, fetch, timers,
// files or network exist in the context. Each evaluation has a fresh runtime with a memory limit, a
// stack limit and a deadline enforced by QuickJS's interrupt handler, so a loop or a blow-up ends the
// script with an error and never the server. Evaluation is synchronous on the calling thread: the
// deadline is kept short because the event loop waits for it.
import type { InterruptHandler, QuickJSContext, QuickJSHandle } from 'quickjs-emscripten';
import { JavascriptError } from './javascript-error.js';
import { discardQuickjsModule, quickjsModule, SANDBOX_MEMORY_BYTES } from './quickjs-module.js';

export { JavascriptError };

/** How long one script may run. */
export const DEFAULT_SCRIPT_TIMEOUT_MS = 2_000;
// QuickJS's own stack limit. WebAssembly frames also live on V8's native stack, and the parser
// spends far more of it per byte of QuickJS stack than ordinary calls do: at 64 KiB, 20,000 nested
// parentheses overflow V8 before QuickJS notices. 32 KiB keeps QuickJS first (about 180 levels of
// plain recursion), and a host overflow that still happens is caught and the module replaced.
const MAX_STACK_BYTES = 32 * 1024;

export interface JavascriptOptions {
  /** Variables the script sees as globals; JSON-serialisable (a Date becomes its ISO text). */
  globals?: Record<string, unknown>;
  timeoutMs?: number;
  /** Named in error positions, e.g. `transform.javascript`. */
  filename?: string;
}

interface Budget {
  timedOut(): boolean;
  timeoutMs: number;
}

// Installs the globals from one JSON text and hands back the original JSON.stringify, taken before the
// script runs so that a script redefining JSON cannot change how its result is read.
const PRELUDE = `(function (text) {
  var g = JSON.parse(text);
  for (var k in g) globalThis[k] = g[k];
  var stringify = JSON.stringify;
  return function (v) { return stringify(v); };
})`;

/**
 * Runs `code` as a classic script and returns its completion value (the value of the last expression
 * statement, as otto and goja return it) as JSON data: strings, numbers, booleans and null as they are,
 * objects and arrays through JSON, `undefined` when there is none. Throws JavascriptError.
 */
export function runJavascript(code: string, options: JavascriptOptions = {}): unknown {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SCRIPT_TIMEOUT_MS;
  const input = globalsJson(options.globals ?? {});
  const deadline = Date.now() + timeoutMs;
  let timedOut = false;
  const budget: Budget = { timedOut: () => timedOut, timeoutMs };
  const interruptHandler: InterruptHandler = () => (timedOut ||= Date.now() > deadline);
  return inSandbox(interruptHandler, (vm) => {
    const stringify = call(vm, vm.unwrapResult(vm.evalCode(PRELUDE, 'prelude.js')), vm.newString(input), budget);
    try {
      const result = vm.evalCode(code, options.filename ?? 'script.js');
      if (result.error) throw failure(vm, result.error, budget);
      return exportValue(vm, result.value, stringify, budget);
    } finally {
      stringify.dispose();
    }
  });
}

/** The compile error of `code` ('SyntaxError: … at line 2, column 7'), or undefined when it compiles. */
export function javascriptSyntaxError(code: string, filename = 'script.js'): string | undefined {
  const budget: Budget = { timedOut: () => false, timeoutMs: 0 };
  try {
    return inSandbox(undefined, (vm) => {
      const result = vm.evalCode(code, filename, { type: 'global', compileOnly: true });
      if (!result.error) {
        result.value.dispose();
        return undefined;
      }
      return failure(vm, result.error, budget).message;
    });
  } catch (err) {
    if (err instanceof JavascriptError) return err.message;
    throw err;
  }
}

/**
 * Runs `body` in a fresh runtime and context of the shared module. Anything but a JavascriptError
 * escaping from QuickJS is a host failure: the module is replaced and the script reported as failed.
 */
function inSandbox<T>(interruptHandler: InterruptHandler | undefined, body: (vm: QuickJSContext) => T): T {
  const runtime = quickjsModule().newRuntime({
    memoryLimitBytes: SANDBOX_MEMORY_BYTES,
    maxStackSizeBytes: MAX_STACK_BYTES,
    interruptHandler,
  });
  let outcome: { value: T } | { error: JavascriptError };
  try {
    const vm = runtime.newContext();
    try {
      outcome = { value: body(vm) };
    } catch (err) {
      if (!(err instanceof JavascriptError)) throw err;
      outcome = { error: err };
    } finally {
      vm.dispose();
    }
    runtime.dispose();
  } catch (err) {
    discardQuickjsModule();
    const text =
      err instanceof RangeError
        ? 'script nests too deeply for the sandbox stack'
        : `the JavaScript sandbox failed: ${(err as Error).message}`;
    throw new JavascriptError(text);
  }
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

function globalsJson(globals: Record<string, unknown>): string {
  try {
    return JSON.stringify(globals, (_key, value: unknown) =>
      typeof value === 'bigint' ? (Number.isSafeInteger(Number(value)) ? Number(value) : value.toString()) : value,
    );
  } catch (err) {
    throw new JavascriptError(`script variables are not JSON: ${(err as Error).message}`);
  }
}

/** Calls `fn(arg)` in the context, disposing both; returns the result handle or throws the script's error. */
function call(vm: QuickJSContext, fn: QuickJSHandle, arg: QuickJSHandle, budget: Budget): QuickJSHandle {
  try {
    const result = vm.callFunction(fn, vm.undefined, arg);
    if (result.error) throw failure(vm, result.error, budget);
    return result.value;
  } finally {
    fn.dispose();
    arg.dispose();
  }
}

function exportValue(vm: QuickJSContext, value: QuickJSHandle, stringify: QuickJSHandle, budget: Budget): unknown {
  try {
    switch (vm.typeof(value)) {
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
      case 'string':
        return vm.getString(value);
      case 'number':
        return vm.getNumber(value);
      case 'boolean':
        return vm.dump(value) as boolean;
      case 'bigint':
        return vm.getBigInt(value).toString();
      default: {
        const json = vm.callFunction(stringify, vm.undefined, value);
        if (json.error) throw failure(vm, json.error, budget);
        const text = vm.typeof(json.value) === 'string' ? vm.getString(json.value) : undefined;
        json.value.dispose();
        return text === undefined ? undefined : (JSON.parse(text) as unknown);
      }
    }
  } finally {
    value.dispose();
  }
}

/** The script's exception as a JavascriptError: 'TypeError: x is undefined at line 3, column 9'. */
function failure(vm: QuickJSContext, error: QuickJSHandle, budget: Budget): JavascriptError {
  let dumped: unknown;
  try {
    dumped = vm.dump(error);
  } finally {
    error.dispose();
  }
  if (budget.timedOut()) return new JavascriptError(`script did not finish within ${budget.timeoutMs} ms`);
  const e = (dumped && typeof dumped === 'object' ? dumped : { message: String(dumped) }) as {
    name?: string;
    message?: string;
    stack?: string;
  };
  // Out of memory even for the error object, QuickJS throws null.
  if (dumped === null || (e.name === 'InternalError' && /out of memory/.test(e.message ?? '')))
    return new JavascriptError(`script ran out of memory (limit ${SANDBOX_MEMORY_BYTES / (1024 * 1024)} MiB)`);
  const where = /:(\d+):(\d+)\)?\s*$/.exec((e.stack ?? '').split('\n').find((l) => l.trim() !== '') ?? '');
  const text = e.name ? `${e.name}: ${e.message ?? ''}` : `uncaught exception: ${e.message ?? JSON.stringify(dumped)}`;
  return new JavascriptError(where ? `${text} at line ${where[1]}, column ${where[2]}` : text);
}
