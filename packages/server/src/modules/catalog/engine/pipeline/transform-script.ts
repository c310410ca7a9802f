import { cel, jsonPathAll, template } from '../expr.js';
import type { Transform } from '../spec/common.schema.js';

/** Whether the transform rewrites the document (expr, gotemplate, jsonpath or javascript). */
export function hasScript(t: Transform | undefined): t is Transform {
  return !!t && !!(t.expr || t.gotemplate || t.jsonpath || t.javascript);
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
  if (t.javascript) throw new Error('transform.javascript: javascript transforms are not supported (use expr or gotemplate)');
  if (t.expr) return toDocuments(cel(t.expr, env), 'transform.expr');
  if (t.gotemplate) return toDocuments(template(t.gotemplate, env), 'transform.gotemplate');
  if (t.jsonpath) return jsonPathAll(t.jsonpath, env.config).flatMap((v) => (Array.isArray(v) ? v : [v]));
  return [env.config];
}
