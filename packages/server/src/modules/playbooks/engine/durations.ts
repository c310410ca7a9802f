// Durations in a playbook spec: a Go duration ("90s", "1h30m"), a count of days or weeks ("2d"), or a CEL
// expression giving one (`params.delay`, `duration('5m')`). Also the retry backoff between attempts.
import { parseGoDuration } from '@ops/shared/expr';
import type { EngineRetry } from './engine-spec.js';

const DAYS = /^(\d+(?:\.\d+)?)([dw])$/;

/** A literal duration in milliseconds, or undefined when the text is not one (then it may be CEL). */
export function literalDurationMs(text: string): number | undefined {
  const t = text.trim();
  const dw = DAYS.exec(t);
  if (dw) return Number(dw[1]) * (dw[2] === 'd' ? 86_400_000 : 604_800_000);
  try {
    return Number(parseGoDuration(t) / 1_000_000n);
  } catch {
    return undefined;
  }
}

/**
 * A duration field's value in milliseconds: a literal as is, otherwise the CEL expression evaluated by
 * `evaluate` (a string result is read as a duration, a number as seconds). Throws naming the field.
 */
export function durationMs(field: string, text: string, evaluate: (expr: string) => unknown): number {
  const literal = literalDurationMs(text);
  if (literal !== undefined) return literal;
  let value: unknown;
  try {
    value = evaluate(text);
  } catch (err) {
    throw new Error(`${field}: ${(err as Error).message}`, { cause: err });
  }
  if (typeof value === 'number' && Number.isFinite(value)) return value * 1000;
  if (typeof value === 'string') {
    const ms = value.trim() === '' ? 0 : literalDurationMs(value);
    if (ms !== undefined) return ms;
  }
  throw new Error(`${field}: '${text}' gave ${JSON.stringify(value)}, which is not a duration`);
}

/**
 * How long to wait before attempt `failures + 1` after `failures` failed attempts: `duration` grown by
 * `exponent.multiplier` per earlier failure, moved by up to `jitter` percent either way.
 */
export function retryBackoffMs(retry: EngineRetry, failures: number, random: () => number = Math.random): number {
  const base = retry.duration ? (literalDurationMs(retry.duration) ?? 0) : 0;
  const multiplier = retry.exponent?.multiplier && retry.exponent.multiplier > 0 ? retry.exponent.multiplier : 1;
  const grown = base * multiplier ** Math.max(0, failures - 1);
  const jitter = Math.min(Math.max(retry.jitter ?? 0, 0), 100) / 100;
  const moved = grown * (1 + jitter * (random() * 2 - 1));
  return Math.max(0, Math.round(moved));
}
