// Save-time checks of a Playbook spec beyond its shape: every Go template the actions render must parse, every
// CEL expression (`if`, `delay`, trigger filters, `filters`, log matches) must parse, every duration and schedule
// must be understood, so a broken spec is refused when saved instead of failing mid-run.
import { PLAYBOOK_ACTION_TYPES, type PlaybookSpec } from '@ops/shared';
import { celRegexLiteralProblem, parseCel, parseGoDuration, validateTemplate, type TemplateFunc } from '@ops/shared/expr';
import { parseSchedule } from '../../../scheduling/index.js';

export interface SpecIssue {
  path: string;
  message: string;
}

/** Functions the action templates may call besides the shared ones (the engine binds them to the run). */
export const PLAYBOOK_TEMPLATE_FUNCTIONS = ['getAction', 'getLastAction', 'last_result'] as const;
const templateFuncs: Record<string, TemplateFunc> = Object.fromEntries(PLAYBOOK_TEMPLATE_FUNCTIONS.map((n) => [n, () => undefined]));

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const items = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObject) : []);

class Checker {
  readonly issues: SpecIssue[] = [];

  template(value: unknown, path: string): void {
    if (typeof value !== 'string' || !value.includes('{{')) return;
    const err = validateTemplate(value, { funcs: templateFuncs });
    if (err) this.issues.push({ path, message: `invalid template: ${err.message}` });
  }

  cel(value: unknown, path: string): void {
    if (typeof value !== 'string' || value.trim() === '') return;
    try {
      parseCel(value);
    } catch (err) {
      this.issues.push({ path, message: `invalid CEL expression: ${(err as Error).message}` });
      return;
    }
    const regex = celRegexLiteralProblem(value);
    if (regex) this.issues.push({ path, message: `invalid CEL expression: ${regex.message}` });
  }

  duration(value: unknown, path: string): void {
    if (typeof value !== 'string' || value.trim() === '') return;
    try {
      parseGoDuration(value);
    } catch {
      this.issues.push({ path, message: `must be a duration such as 30s, 5m or 1h, got "${value}"` });
    }
  }

  /** Every string in an action block (actions render their fields as templates: urls, connections, scripts, …). */
  templates(value: unknown, path: string, skip: ReadonlySet<string> = new Set(), depth = 0): void {
    if (depth > 32) return;
    if (typeof value === 'string') this.template(value, path);
    else if (Array.isArray(value)) value.forEach((v, i) => this.templates(v, `${path}[${i}]`, skip, depth + 1));
    else if (isObject(value)) {
      for (const [k, v] of Object.entries(value)) if (!skip.has(k)) this.templates(v, `${path}.${k}`, skip, depth + 1);
    }
  }

  /** Values of a {name, value} list, or of a name → value map (http headers may be written either way). */
  envValues(list: unknown, path: string): void {
    if (isObject(list)) for (const [k, v] of Object.entries(list)) this.template(v, `${path}.${k}`);
    else items(list).forEach((e, i) => this.template(e.value, `${path}[${i}].value`));
  }
}

/** Every template, CEL expression, duration and schedule of a spec that does not parse, with its field path. */
export function compileCheckSpec(spec: PlaybookSpec, prefix = 'spec'): SpecIssue[] {
  const c = new Checker();
  c.duration(spec.timeout, `${prefix}.timeout`);
  (spec.parameters ?? []).forEach((p, i) => c.template(p.default, `${prefix}.parameters[${i}].default`));
  c.envValues(spec.env, `${prefix}.env`);
  (spec.filters ?? []).forEach((f, i) => c.cel(f, `${prefix}.filters[${i}]`));
  for (const kind of ['config', 'canary', 'component'] as const) {
    (spec.on?.[kind] ?? []).forEach((t, i) => c.cel(t.filter, `${prefix}.on.${kind}[${i}].filter`));
  }
  (spec.on?.schedule ?? []).forEach((s, i) => {
    try {
      parseSchedule(s.schedule, { minIntervalMs: 1_000, emptyMeans: '@never' });
    } catch (err) {
      c.issues.push({ path: `${prefix}.on.schedule[${i}].schedule`, message: (err as Error).message });
    }
  });
  spec.actions.forEach((a, i) => checkAction(c, a as Obj, `${prefix}.actions[${i}]`));
  return c.issues;
}

// One action: its condition, delay, timeouts, every templated field of its block and its log matches.
function checkAction(c: Checker, a: Obj, path: string): void {
  c.cel(a.if, `${path}.if`);
  // A delay is a CEL expression giving a duration, or a plain Go duration such as 5m.
  if (typeof a.delay === 'string' && !isGoDuration(a.delay)) c.cel(a.delay, `${path}.delay`);
  c.duration(a.timeout, `${path}.timeout`);
  if (isObject(a.retry)) c.duration(a.retry.duration, `${path}.retry.duration`);
  for (const type of PLAYBOOK_ACTION_TYPES) {
    const block = a[type];
    if (!isObject(block)) continue;
    // An http body is sent as written unless templateBody says it is a template.
    const skip = type === 'http' && block.templateBody !== true ? new Set(['body']) : new Set<string>();
    c.templates(block, `${path}.${type}`, skip);
  }
  if (isObject(a.logs)) {
    const post = isObject(a.logs.postProcess) ? a.logs.postProcess : {};
    (Array.isArray(a.logs.match) ? a.logs.match : []).forEach((m, j) => c.cel(m, `${path}.logs.match[${j}]`));
    (Array.isArray(post.match) ? post.match : []).forEach((m, j) => c.cel(m, `${path}.logs.postProcess.match[${j}]`));
    if (isObject(post.dedupe)) c.duration(post.dedupe.window, `${path}.logs.postProcess.dedupe.window`);
  }
}

function isGoDuration(text: string): boolean {
  try {
    parseGoDuration(text);
    return true;
  } catch {
    return false;
  }
}
