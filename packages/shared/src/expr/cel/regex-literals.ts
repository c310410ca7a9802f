// Literal patterns of `matches` calls, checked when an expression is compiled, so that a pattern RE2
// refuses (a backreference, a lookaround) is reported before the expression ever runs.
import { regexProblem } from '../util/re2.js';

interface Node {
  op?: string;
  args?: unknown;
  start?: number;
}

const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && typeof (v as Node).op === 'string';

/** The literal string of a `value` node, or undefined. */
function literal(v: unknown): string | undefined {
  return isNode(v) && v.op === 'value' && typeof v.args === 'string' ? v.args : undefined;
}

/** The pattern argument of a (rewritten) `Matches` call node, when it is a string literal. */
function matchesPattern(node: Node): { pattern: string; at: number } | undefined {
  const a = node.args as unknown[];
  if (!Array.isArray(a) || a[0] !== 'Matches') return undefined;
  const arg =
    node.op === 'rcall' ? (a[2] as unknown[] | undefined)?.[0] : node.op === 'call' ? (a[1] as unknown[] | undefined)?.[1] : undefined;
  const pattern = literal(arg);
  return pattern === undefined ? undefined : { pattern, at: (arg as Node).start ?? node.start ?? 0 };
}

/** The first literal `matches` pattern RE2 refuses in a parsed AST: its problem and offset. */
export function firstRegexLiteralProblem(ast: unknown, seen = new Set<unknown>()): { message: string; at: number } | undefined {
  if (ast === null || typeof ast !== 'object' || seen.has(ast)) return undefined;
  seen.add(ast);
  if (isNode(ast)) {
    const found = matchesPattern(ast);
    const message = found && regexProblem(found.pattern);
    if (found && message) return { message, at: found.at };
  }
  for (const v of Object.values(ast)) {
    const hit = firstRegexLiteralProblem(v, seen);
    if (hit) return hit;
  }
  return undefined;
}
