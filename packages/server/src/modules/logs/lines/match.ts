// Keeping only lines that match CEL expressions over the line (message, severity, labels, ...).
// A line matches when any expression is true; an expression that fails is skipped, as in
// mission-control, so one faulty filter does not hide every line.
import { type CelEnvironment, defaultCelEnvironment, type ExprError } from '@ops/shared/expr';
import { lineHash } from './fingerprint.js';
import { effectiveMessage, type LogLine, timeOf } from './log-line.js';

/**
 * The line as CEL sees it: plain values (count a number, times as Dates, absent ones null).
 * `withHash` false skips fingerprinting (hash is then the stored one or '').
 */
export function logLineCelVars(line: LogLine, messageFields?: readonly string[], withHash = true): Record<string, unknown> {
  return {
    id: line.id ?? '',
    firstObserved: dateOrNull(line.firstObserved),
    lastObserved: dateOrNull(line.lastObserved),
    count: line.count,
    message: effectiveMessage(line, messageFields),
    hash: withHash ? lineHash(line, messageFields) : (line.hash ?? ''),
    severity: line.severity,
    source: line.source,
    host: line.host,
    labels: line.labels,
  };
}

function dateOrNull(iso: string | undefined): Date | null {
  const ms = timeOf(iso);
  return ms === undefined ? null : new Date(ms);
}

/**
 * The line already in CEL's value types (count a BigInt; labels are string maps as they are),
 * so evaluation skips the generic deep conversion, which costs more than the expression itself.
 */
function celValues(
  line: LogLine,
  messageFields: readonly string[] | undefined,
  withHash: boolean,
  withTimes: boolean,
): Record<string, unknown> {
  return {
    id: line.id ?? '',
    firstObserved: withTimes ? dateOrNull(line.firstObserved) : null,
    lastObserved: withTimes ? dateOrNull(line.lastObserved) : null,
    count: BigInt(line.count),
    message: effectiveMessage(line, messageFields),
    hash: withHash ? lineHash(line, messageFields) : (line.hash ?? ''),
    severity: line.severity,
    source: line.source,
    host: line.host,
    labels: line.labels,
  };
}

/** Compiled match expressions and the ones that did not compile (those never match). */
export interface LogMatcher {
  matches(line: LogLine): boolean;
  problems: { expression: string; error: ExprError }[];
}

/** Compiles each expression once; invalid ones are reported in `problems` and left out. */
export function compileLogMatcher(
  expressions: readonly string[],
  options: { messageFields?: readonly string[]; env?: CelEnvironment } = {},
): LogMatcher {
  const env = options.env ?? defaultCelEnvironment();
  const problems: LogMatcher['problems'] = [];
  const valid: string[] = [];
  for (const expression of expressions) {
    const error = env.validate(expression);
    if (error) problems.push({ expression, error });
    else valid.push(expression);
  }
  // Fingerprints and Dates cost per line: build them only for expressions that name them.
  const wantsHash = valid.some((e) => e.includes('hash'));
  const wantsTimes = valid.some((e) => e.includes('Observed'));
  const matches = (line: LogLine): boolean => {
    if (valid.length === 0) return false;
    const vars = celValues(line, options.messageFields, wantsHash, wantsTimes);
    for (const expression of valid) {
      try {
        if (env.evaluate(expression, vars, { converted: true }) === true) return true;
      } catch {
        // A runtime failure (unknown field, wrong type) counts as no match for this expression.
      }
    }
    return false;
  };
  return { matches, problems };
}

/** The lines any expression matches; no expressions keeps every line. */
export function matchLogs(lines: readonly LogLine[], expressions: readonly string[], messageFields?: readonly string[]): LogLine[] {
  if (expressions.length === 0) return [...lines];
  const matcher = compileLogMatcher(expressions, { messageFields });
  return lines.filter((line) => matcher.matches(line));
}
