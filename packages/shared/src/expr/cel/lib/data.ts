// Data functions: JSON in and out (.JSON(), .toJSON()), jq(), jsonpath(), matchQuery(),
// matchLabel() and the k8s quantity helpers.
import { jq } from '../../jq/index.js';
import { queryJsonPath } from '../../jsonpath/index.js';
import { toJSON } from '../../util/json.js';
import { cpuMillicores, memoryBytes } from '../../util/quantity.js';
import { matchLabel, matchQuery } from '../../util/match-query.js';
import { toCel } from '../convert.js';
import type { CelLibrary } from '../registrar.js';

/** Parses JSON text into CEL values, naming what was wrong on failure. */
function parseJSONValue(s: string): unknown {
  try {
    return toCel(JSON.parse(s) as unknown);
  } catch (e) {
    throw new Error(`invalid JSON: ${(e as Error).message}`);
  }
}

/** Registers JSON, jq, jsonpath, matchQuery/matchLabel and k8s quantity functions. */
export const dataLibrary: CelLibrary = (r) => {
  r.method('string', 'JSON', [], 'dyn', parseJSONValue);
  r.method('string', 'JSONArray', [], 'list', (s: string) => {
    const v = parseJSONValue(s);
    if (!Array.isArray(v)) throw new Error('JSONArray: the text is not a JSON array');
    return v;
  });
  r.fn('json.decode', ['string'], 'dyn', parseJSONValue);
  r.fn('json.encode', ['dyn'], 'string', (v: unknown) => toJSON(v));
  r.method('dyn', 'toJSON', [], 'string', (v: unknown) => toJSON(v));
  r.method('dyn', 'toJSONPretty', ['string'], 'string', (v: unknown, indent: string) => toJSON(v, indent || '  '));
  r.fn('toJSON', ['dyn'], 'string', (v: unknown) => toJSON(v));
  r.fn('toJSONPretty', ['dyn', 'string'], 'string', (v: unknown, indent: string) => toJSON(v, indent || '  '));
  r.fn('jq', ['string', 'dyn'], 'dyn', (expr: string, v: unknown) => toCel(jq(expr, v)));
  r.fn('jsonpath', ['string', 'dyn'], 'dyn', (path: string, v: unknown) => {
    const input = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
    const out = queryJsonPath(path, input);
    return toCel(out.length === 1 ? out[0] : out);
  });
  r.fn('matchQuery', ['dyn', 'string'], 'bool', (resource: unknown, query: string) => matchQuery(resource, query));
  r.fn('matchLabel', ['dyn', 'string', 'string'], 'bool', (labels: unknown, key: string, patterns: string) =>
    matchLabel(labels, key, patterns),
  );
  r.fn('k8s.cpuAsMillicores', ['string'], 'int', (s: string) => {
    const millicores = cpuMillicores(s);
    if (millicores === undefined) throw new Error(`invalid CPU quantity ${JSON.stringify(s)}`);
    return BigInt(Math.round(millicores));
  });
  r.fn('k8s.memoryAsBytes', ['string'], 'int', (s: string) => {
    const bytes = memoryBytes(s);
    if (bytes === undefined) throw new Error(`invalid memory quantity ${JSON.stringify(s)}`);
    return BigInt(Math.trunc(bytes));
  });
};
