// The engine's one door to the shared expression layer (CEL, Go templates, JSONPath) and to the
// JavaScript sandbox: converts result data into expression values and evaluates test/display/transform
// as canary-checker's gomplate does.
import { durationFromMs, evaluateCel, queryJsonPath, renderTemplate } from '@ops/shared/expr';
import { javascriptSyntaxError, runJavascript } from '../../../../sandbox/javascript/run-javascript.js';
import { DurationValue } from '../values/duration-value.js';

/** test / display / transform as written in a check. */
export interface TemplateSpec {
  template?: string;
  expr?: string;
  jsonPath?: string;
  javascript?: string;
}

/** Why a spec's `javascript` cannot run (it does not compile), or undefined; checked when a canary is saved. */
export function javascriptProblem(spec: TemplateSpec | undefined, role: string): string | undefined {
  return spec?.javascript ? javascriptSyntaxError(spec.javascript, `${role}.javascript`) : undefined;
}

/** True when a spec holds no script at all. */
export function isEmptyTemplate(spec: TemplateSpec | undefined): boolean {
  return !spec || !(spec.template || spec.expr || spec.jsonPath || spec.javascript);
}

/** Result data as expressions see it: durations become CEL durations, everything else as is. */
export function toExprData(value: unknown, depth = 0): unknown {
  if (value instanceof DurationValue) return durationFromMs(value.ms);
  if (depth > 100 || value === null || typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) return value.map((v) => toExprData(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = toExprData(v, depth + 1);
  return out;
}

/** Evaluates a CEL expression over an environment (already converted with toExprData). */
export function evalCel(expression: string, env: Record<string, unknown>): unknown {
  return evaluateCel(expression, env);
}

/** Renders a Go template ({{ }}) over an environment. */
export function renderGoTemplate(template: string, env: Record<string, unknown>): string {
  return renderTemplate(template, toExprData(env));
}

/** Renders canary-checker's struct templates: `$(.var)` delimiters, as in `url: $(.url)`. */
export function renderStructTemplate(text: string, env: Record<string, unknown>): string {
  return renderTemplate(text, toExprData(env), { delims: ['$(', ')'] });
}

/** gomplate.RunTemplate: the text a test/display/transform produces. */
export function runTemplateSpec(spec: TemplateSpec, env: Record<string, unknown>, role: string): string {
  // gomplate's javascript: the variables as globals, the completion value as text (objects as JSON).
  if (spec.javascript) return stringify(runJavascript(spec.javascript, { globals: env, filename: `${role}.javascript` }));
  const data = toExprData(env) as Record<string, unknown>;
  if (spec.expr) return stringify(evaluateCel(spec.expr, data));
  if (spec.template) return renderTemplate(spec.template, data);
  if (spec.jsonPath) {
    const found = queryJsonPath(spec.jsonPath, data);
    return stringify(found.length === 1 ? found[0] : found);
  }
  return '';
}

/** A test's verdict: CEL must return a boolean, templates must print true or false. */
export function runTestSpec(spec: TemplateSpec, env: Record<string, unknown>): boolean {
  const out = runTemplateSpec(spec, env, 'test').trim();
  if (out === 'true') return true;
  if (out === 'false') return false;
  throw new Error(`test expression did not return a boolean value. got ${out === '' ? 'an empty result' : out}`);
}

/** The first JSONPath match in `data` as text ('' when none): the deprecated responseJSONContent. */
export function jsonPathText(path: string, data: unknown): string {
  return stringify(queryJsonPath(path, toExprData(data))[0]);
}

function stringify(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
