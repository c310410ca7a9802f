import { runJavascript } from '../../../../sandbox/javascript/run-javascript.js';
import { cel, jsonPathAll, template } from '../expr.js';
import type { Transform } from '../spec/common.schema.js';

type Script = Pick<Transform, 'expr' | 'gotemplate' | 'jsonpath' | 'javascript'>;

/** The script of a transform: config-db reads it inline (`transform.javascript`) or under `transform.script`. */
export function transformScript(t: Transform | undefined): { script: Script; field: string } | undefined {
  if (!t) return undefined;
  const has = (s: Script | undefined): s is Script => !!s && !!(s.expr || s.gotemplate || s.jsonpath || s.javascript);
  if (has(t.script)) return { script: t.script, field: 'transform.script' };
  if (has(t)) return { script: t, field: 'transform' };
  return undefined;
}

/** Whether the transform rewrites the document (expr, gotemplate, jsonpath or javascript). */
export function hasScript(t: Transform | undefined): t is Transform {
  return transformScript(t) !== undefined;
}

function toDocuments(out: unknown, what: string): unknown[] {
  let value = out;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch (err) {
      throw new Error(`${what} output is not JSON: ${(err as Error).message}`);
    }
  }
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && value !== null) return [value];
  throw new Error(`${what} must produce a JSON object or a list of objects, got ${JSON.stringify(value)}`);
}

/**
 * Run a transform's script over one document (its variables in `env`, the document as `config`)
 * and return the documents it produces: a list fans out into one item per element.
 */
export function runTransformScript(t: Transform, env: Record<string, unknown>): unknown[] {
  const found = transformScript(t);
  if (!found) return [env.config];
  const { script, field } = found;
  if (script.javascript) {
    // config-db gives a script `config` (the document) and `result` (the scraped item); the item's
    // fields are also variables here, as they are for expr and gotemplate.
    let out: unknown;
    try {
      out = runJavascript(script.javascript, { globals: { ...env, result: env }, filename: `${field}.javascript` });
    } catch (err) {
      throw new Error(`${field}.javascript: ${(err as Error).message}`, { cause: err });
    }
    return toDocuments(out, `${field}.javascript`);
  }
  if (script.expr) return toDocuments(cel(script.expr, env), `${field}.expr`);
  if (script.gotemplate) return toDocuments(template(script.gotemplate, env), `${field}.gotemplate`);
  return jsonPathAll(script.jsonpath!, env.config).flatMap((v) => (Array.isArray(v) ? v : [v]));
}
