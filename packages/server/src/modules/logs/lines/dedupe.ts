// Deduplication: lines with the same key (over the chosen fields, and the same time window when
// one is set) fold into one line whose count is the sum and whose times span them all.
import { parseGoDuration } from '@ops/shared/expr';
import { fieldKey } from './fields.js';
import { type LogLine, timeOf } from './log-line.js';

export interface DedupeOptions {
  fields: readonly string[];
  /** Bucket width in ms: lines only fold within the same aligned bucket of their firstObserved. */
  windowMs?: number;
  messageFields?: readonly string[];
}

/** A dedupe window that is not a positive duration. */
export class DedupeWindowError extends Error {}

/** Milliseconds of a dedupe window ("5m", "1h30m"); throws DedupeWindowError naming the problem. */
export function parseDedupeWindow(window: string): number {
  let ns: bigint;
  try {
    ns = parseGoDuration(window);
  } catch (e) {
    throw new DedupeWindowError(`dedupe window '${window}': ${(e as Error).message}`);
  }
  if (ns <= 0n) throw new DedupeWindowError(`dedupe window '${window}' must be longer than zero`);
  return Number(ns / 1_000_000n) || 1;
}

interface Folded {
  /** The line whose content the folded line shows (the newest seen). */
  sample: LogLine;
  count: number;
  /** Times are read only once a second line joins: unique lines never parse a timestamp. */
  merged: boolean;
  sampleAt: number | undefined;
  first: number | undefined;
  firstText: string | undefined;
  last: number | undefined;
  lastText: string | undefined;
}

function startFolding(f: Folded): void {
  const { sample } = f;
  const at = timeOf(sample.firstObserved);
  const lastAt = timeOf(sample.lastObserved);
  f.merged = true;
  f.sampleAt = at;
  f.first = at;
  f.firstText = at === undefined ? undefined : sample.firstObserved;
  f.last = lastAt ?? at;
  f.lastText = lastAt === undefined ? f.firstText : sample.lastObserved;
}

function fold(f: Folded, line: LogLine, at: number | undefined): void {
  if (!f.merged) startFolding(f);
  f.count += line.count;
  if (at !== undefined && (f.sampleAt === undefined || at > f.sampleAt)) {
    f.sample = line;
    f.sampleAt = at;
  }
  if (at !== undefined && (f.first === undefined || at < f.first)) {
    f.first = at;
    f.firstText = line.firstObserved;
  }
  const lastAt = timeOf(line.lastObserved);
  const end = lastAt ?? at;
  if (end !== undefined && (f.last === undefined || end > f.last)) {
    f.last = end;
    f.lastText = lastAt === undefined ? line.firstObserved : line.lastObserved;
  }
}

/**
 * Folds duplicates, keeping the order in which keys first appear. The folded line shows the
 * newest line's content (ties keep the first), firstObserved is the earliest time, lastObserved
 * the latest, and count the sum. Input lines are not modified (a computed hash is cached on
 * them). No fields: the lines come back as given.
 */
export function dedupeLogs(lines: readonly LogLine[], options: DedupeOptions): LogLine[] {
  const { fields, windowMs, messageFields } = options;
  if (fields.length === 0) return [...lines];
  const seen = new Map<string, Folded>();
  for (const line of lines) {
    let key = fieldKey(line, fields, messageFields);
    let at: number | undefined;
    if (windowMs !== undefined) {
      at = timeOf(line.firstObserved);
      key += `\u0000window::${at === undefined ? '' : Math.floor(at / windowMs)}`;
    }
    const f = seen.get(key);
    if (f === undefined) {
      const fresh: Folded = {
        sample: line,
        count: line.count,
        merged: false,
        sampleAt: undefined,
        first: undefined,
        firstText: undefined,
        last: undefined,
        lastText: undefined,
      };
      seen.set(key, fresh);
    } else fold(f, line, windowMs === undefined ? timeOf(line.firstObserved) : at);
  }
  const out: LogLine[] = [];
  for (const f of seen.values()) {
    if (!f.merged) {
      out.push(f.sample);
      continue;
    }
    const folded: LogLine = { ...f.sample, count: f.count };
    if (f.firstText === undefined) delete folded.firstObserved;
    else folded.firstObserved = f.firstText;
    if (f.lastText === undefined) delete folded.lastObserved;
    else folded.lastObserved = f.lastText;
    out.push(folded);
  }
  return out;
}
