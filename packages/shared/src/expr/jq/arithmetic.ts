// jq's binary operators on values: comparison, arithmetic, concatenation and object merge.
import { JqRuntimeError } from './runtime.js';
import { jqCompare, jqShow, jqType, type Json } from './values.js';

/** jq's arithmetic and comparison operators. */
export function arith(op: string, a: Json, b: Json): Json {
  switch (op) {
    case '==':
      return jqCompare(a, b) === 0;
    case '!=':
      return jqCompare(a, b) !== 0;
    case '<':
      return jqCompare(a, b) < 0;
    case '<=':
      return jqCompare(a, b) <= 0;
    case '>':
      return jqCompare(a, b) > 0;
    case '>=':
      return jqCompare(a, b) >= 0;
  }
  if (typeof a === 'number' && typeof b === 'number') {
    if (op === '+') return a + b;
    if (op === '-') return a - b;
    if (op === '*') return a * b;
    if (b === 0 && (op === '/' || op === '%'))
      throw new JqRuntimeError(`${jqType(a)} (${jqShow(a)}) and ${jqType(b)} (${jqShow(b)}) cannot be divided because the divisor is zero`);
    if (op === '/') return a / b;
    return Math.trunc(a) % Math.trunc(b);
  }
  if (op === '+') {
    if (a === null) return b;
    if (b === null) return a;
    if (typeof a === 'string' && typeof b === 'string') return a + b;
    if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
    if (isObj(a) && isObj(b)) return { ...a, ...b };
  }
  if (op === '-' && Array.isArray(a) && Array.isArray(b)) return a.filter((x) => !b.some((y) => jqCompare(x, y) === 0));
  if (op === '*' && isObj(a) && isObj(b)) return deepMerge(a, b);
  if (op === '*' && typeof a === 'string' && typeof b === 'number')
    return b > 0 ? a.repeat(Math.min(b, 1_000_000 / Math.max(1, a.length))) : null;
  if (op === '/' && typeof a === 'string' && typeof b === 'string') return a.split(b);
  throw new JqRuntimeError(
    `${jqType(a)} (${jqShow(a)}) and ${jqType(b)} (${jqShow(b)}) cannot be ${{ '+': 'added', '-': 'subtracted', '*': 'multiplied', '/': 'divided', '%': 'divided' }[op] ?? 'combined'}`,
  );
}

function isObj(v: Json): v is Record<string, Json> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function deepMerge(a: Record<string, Json>, b: Record<string, Json>): Record<string, Json> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isObj(out[k] ?? null) && isObj(v) ? deepMerge(out[k] as Record<string, Json>, v) : v;
  return out;
}
