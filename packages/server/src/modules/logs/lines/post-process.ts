// A log source's post-processing, in mission-control's shape: parse the messages, fold duplicates
// (optionally per time window), then keep the lines a CEL expression matches.
import { z } from 'zod';
import { dedupeLogs, parseDedupeWindow } from './dedupe.js';
import type { LogLine } from './log-line.js';
import { compileLogMatcher } from './match.js';
import { LOG_FORMATS, parseLogLines } from './parse.js';

const windowText = z.string().superRefine((value, ctx) => {
  try {
    parseDedupeWindow(value);
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: (e as Error).message });
  }
});

/** Request and spec schema of post-processing (validate with it before running: bad input → 400). */
export const logPostProcessSchema = z.object({
  parse: z.enum(LOG_FORMATS).optional(),
  dedupe: z.object({ fields: z.array(z.string().min(1)).min(1), window: windowText.optional() }).optional(),
  match: z.array(z.string().min(1)).optional(),
  mapping: z.object({ message: z.array(z.string().min(1)).optional() }).optional(),
});

export type LogPostProcess = z.infer<typeof logPostProcessSchema>;

/** The compile errors of the match expressions (expressions that fail are skipped when running). */
export function matchProblems(config: LogPostProcess): string[] {
  if (!config.match?.length) return [];
  return compileLogMatcher(config.match).problems.map((p) => `match '${p.expression}': ${p.error.message}`);
}

/**
 * Runs parse, dedupe and match in that order. Parsing changes the given lines in place; dedupe
 * and match return new arrays. Throws DedupeWindowError for a window that is not a duration.
 */
export function postProcessLogs(lines: LogLine[], config: LogPostProcess): LogLine[] {
  const messageFields = config.mapping?.message;
  let out: LogLine[] = lines;
  if (config.parse) out = parseLogLines(out, config.parse);
  if (config.dedupe) {
    const windowMs = config.dedupe.window ? parseDedupeWindow(config.dedupe.window) : undefined;
    out = dedupeLogs(out, { fields: config.dedupe.fields, windowMs, messageFields });
  }
  if (config.match?.length) {
    const matcher = compileLogMatcher(config.match, { messageFields });
    out = out.filter((line) => matcher.matches(line));
  }
  return out;
}
