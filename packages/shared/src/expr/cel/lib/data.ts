// Data functions: JSON in and out (.JSON(), .toJSON()), jq(), jsonpath(), matchQuery(),
// matchLabel() and the k8s quantity helpers.
import { jq } from '../../jq/index.js';
import { queryJsonPath } from '../../jsonpath/index.js';
import { toJSON } from '../../util/json.js';
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

const CPU = /^(\d+(?:\.\d+)?)(m?)$/;
const MEM = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|Pi|Ei|k|K|M|G|T|P|E|m)?$/;
const MEM_UNITS: Record<string, number> = {
  '': 1,
  m: 0.001,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

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
    const m = CPU.exec(s.trim());
    if (!m) throw new Error(`invalid CPU quantity ${JSON.stringify(s)}`);
    return BigInt(Math.round(Number(m[1]) * (m[2] ? 1 : 1000)));
  });
  r.fn('k8s.memoryAsBytes', ['string'], 'int', (s: string) => {
    const m = MEM.exec(s.trim());
    if (!m) throw new Error(`invalid memory quantity ${JSON.stringify(s)}`);
    return BigInt(Math.trunc(Number(m[1]) * MEM_UNITS[m[2] ?? '']!));
  });
};
