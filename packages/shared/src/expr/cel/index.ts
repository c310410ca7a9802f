// Public CEL API: compile (cached), validate and evaluate expressions with a step budget; every
// problem surfaces as an ExprError('cel') naming it and its position.
import { BudgetExceededError, ExprError, positionAt, StepBudget } from '../errors.js';
import { instrument, withBudget } from './budget.js';
import { fromCel, toCelVars } from './convert.js';
import { buildEnvironment, type BuiltEnvironment, type CelFunction } from './environment.js';
import { firstRegexLiteralProblem } from './regex-literals.js';
import { restoreNames, rewriteCel, TYPE_VARIABLE } from './rewrite.js';

export type { CelFunction } from './environment.js';
export { toCel, fromCel, toCelVars } from './convert.js';

export interface CelEvaluateOptions {
  /** Maximum comprehension steps (macro iterations) before evaluation stops; default 1,000,000. */
  budget?: number;
  /** Return CEL values as they are (BigInt ints, durations) instead of plain JS values. */
  raw?: boolean;
  /** The variables were already converted with toCelVars (skips a deep copy of large inputs). */
  converted?: boolean;
}

type Program = ((vars: Record<string, unknown>) => unknown) & { ast: unknown; check(): { valid: boolean; error?: unknown } };

const DEFAULT_BUDGET = 1_000_000;
const CACHE_MAX = 2000;

/** Converts a cel-js error (or a function's thrown Error) into an ExprError with a position. */
function toExprError(e: unknown, source: string, built: BuiltEnvironment): ExprError {
  if (e instanceof ExprError) return e;
  if (e instanceof BudgetExceededError) return new ExprError('cel', e.message);
  if (e instanceof RangeError) return new ExprError('cel', 'expression nests too deeply');
  const err = e as { summary?: string; message?: string; range?: { start: number } };
  const reason = restoreNames(err.summary ?? String(err.message ?? e).split('\n')[0]!, built.namespaced);
  const pos = err.range ? positionAt(source, err.range.start) : undefined;
  return new ExprError('cel', reason, pos);
}

/** A CEL environment: our libraries plus optional engine functions, with its own compile cache. */
export class CelEnvironment {
  private readonly built: BuiltEnvironment;
  private readonly cache = new Map<string, Program>();

  constructor(functions: readonly CelFunction[] = []) {
    this.built = buildEnvironment(functions);
  }

  /** Parses (syntax only): accepts functions this environment does not define. */
  parse(expression: string): void {
    try {
      this.built.env.parse(rewriteCel(expression, this.built.namespaced));
    } catch (e) {
      throw toExprError(e, expression, this.built);
    }
  }

  /** Parses and type-checks; unknown functions or wrong argument types are errors. Cached. */
  compile(expression: string): Program {
    const hit = this.cache.get(expression);
    if (hit) return hit;
    let program: Program;
    try {
      program = this.built.env.parse(rewriteCel(expression, this.built.namespaced)) as unknown as Program;
      const checked = program.check();
      if (!checked.valid) throw checked.error;
      const bad = firstRegexLiteralProblem(program.ast);
      if (bad) throw new ExprError('cel', bad.message, positionAt(expression, bad.at));
      instrument(program.ast);
    } catch (e) {
      throw toExprError(e, expression, this.built);
    }
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(expression, program);
    return program;
  }

  /** The compile error of an expression, or undefined when it is valid. */
  validate(expression: string): ExprError | undefined {
    try {
      this.compile(expression);
      return undefined;
    } catch (e) {
      if (e instanceof ExprError) return e;
      throw e;
    }
  }

  /**
   * Syntax only, then the literal patterns of `matches` calls: the problem of the first one RE2
   * refuses, or undefined (also when the text does not parse; compile reports that).
   */
  regexLiteralProblem(expression: string): ExprError | undefined {
    let ast: unknown;
    try {
      ast = (this.built.env.parse(rewriteCel(expression, this.built.namespaced)) as unknown as Program).ast;
    } catch {
      return undefined;
    }
    const bad = firstRegexLiteralProblem(ast);
    return bad ? new ExprError('cel', bad.message, positionAt(expression, bad.at)) : undefined;
  }

  /** Evaluates an expression over variables (plain JS data); returns plain JS unless `raw`. */
  evaluate(expression: string, vars: Record<string, unknown> = {}, opts: CelEvaluateOptions = {}): unknown {
    const program = this.compile(expression);
    const context = opts.converted ? { ...vars } : toCelVars(vars);
    if (Object.hasOwn(context, 'type')) context[TYPE_VARIABLE] = context.type;
    let result: unknown;
    try {
      result = withBudget(new StepBudget(opts.budget ?? DEFAULT_BUDGET), () => program(context));
    } catch (e) {
      throw toExprError(e, expression, this.built);
    }
    if (result instanceof Promise) throw new ExprError('cel', 'asynchronous functions are not supported');
    return opts.raw ? result : fromCel(result);
  }

  /** Names of the functions this environment defines ("time.Now", ".charAt", ...). */
  functionNames(): ReadonlySet<string> {
    return this.built.names;
  }
}

let defaultEnv: CelEnvironment | undefined;

/** The shared environment with our libraries only (built on first use). */
export function defaultCelEnvironment(): CelEnvironment {
  return (defaultEnv ??= new CelEnvironment());
}

/** Evaluates a CEL expression with the default environment. */
export function evaluateCel(expression: string, vars: Record<string, unknown> = {}, opts: CelEvaluateOptions = {}): unknown {
  return defaultCelEnvironment().evaluate(expression, vars, opts);
}

/** Type-checks a CEL expression with the default environment; returns the error or undefined. */
export function validateCel(expression: string): ExprError | undefined {
  return defaultCelEnvironment().validate(expression);
}

/** A literal `matches` pattern RE2 refuses in a CEL expression, for validating specs at save. */
export function celRegexLiteralProblem(expression: string): ExprError | undefined {
  return defaultCelEnvironment().regexLiteralProblem(expression);
}

/** Syntax-only check, for expressions that call engine functions the default environment lacks. */
export function parseCel(expression: string): void {
  defaultCelEnvironment().parse(expression);
}
