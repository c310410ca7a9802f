// Public Go-template API: parse (cached, Go's parse errors with line:column) and render with
// options for delimiters, extra functions, missing keys and a step budget.
import { ExprError, StepBudget } from '../errors.js';
import { executeTemplate, type MissingKey } from './exec.js';
import { TEMPLATE_FUNCS } from './funcs/index.js';
import type { TemplateTree } from './nodes.js';
import { parseTemplate } from './parser.js';
import type { TemplateFunc } from './values.js';

export { Namespace, type TemplateFunc } from './values.js';
export type { MissingKey } from './exec.js';

export interface TemplateOptions {
  /** Delimiters; canary-checker's URL templates use ['$(', ')']. Default ['{{', '}}']. */
  delims?: [string, string];
  /** Extra functions (engine-specific); they override ours on a name clash. */
  funcs?: Record<string, TemplateFunc>;
  /** Go's missingkey option: 'default' prints "<no value>", 'zero' gives nil, 'error' fails. */
  missingKey?: MissingKey;
  /** Text printed for a missing or nil value (Go prints "<no value>"). */
  noValue?: string;
  /** Maximum execution steps (default 1,000,000). */
  budget?: number;
  /** Maximum output length in characters (default 10,000,000). */
  maxOutput?: number;
}

const cache = new Map<string, TemplateTree>();
const CACHE_MAX = 1000;

function funcsFor(opts: TemplateOptions): ReadonlyMap<string, TemplateFunc> {
  if (!opts.funcs) return TEMPLATE_FUNCS;
  return new Map([...TEMPLATE_FUNCS, ...Object.entries(opts.funcs)]);
}

/** Parses a template (cached per delimiters and extra function names); throws ExprError. */
export function compileTemplate(source: string, opts: TemplateOptions = {}): TemplateTree {
  const funcs = funcsFor(opts);
  const key = `${opts.delims?.join('\u0000') ?? ''}\u0001${Object.keys(opts.funcs ?? {}).join(',')}\u0001${source}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const tree = parseTemplate(source, { hasFunction: (n) => funcs.has(n), ...(opts.delims ? { delims: opts.delims } : {}) });
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, tree);
  return tree;
}

/** The parse error of a template, or undefined when it is valid. */
export function validateTemplate(source: string, opts: TemplateOptions = {}): ExprError | undefined {
  try {
    compileTemplate(source, opts);
    return undefined;
  } catch (e) {
    if (e instanceof ExprError) return e;
    throw e;
  }
}

/** Renders a Go template over data: `renderTemplate('{{ .check.name }}', { check })`. */
export function renderTemplate(source: string, data: unknown, opts: TemplateOptions = {}): string {
  const tree = compileTemplate(source, opts);
  return executeTemplate(tree, data, {
    funcs: funcsFor(opts),
    missingKey: opts.missingKey ?? 'default',
    noValue: opts.noValue ?? '<no value>',
    budget: new StepBudget(opts.budget ?? 1_000_000),
    maxOutput: opts.maxOutput ?? 10_000_000,
  });
}

/** Names of every template function (for editors and the function inventory test). */
export function templateFunctionNames(): string[] {
  return [...TEMPLATE_FUNCS.keys()].sort();
}
