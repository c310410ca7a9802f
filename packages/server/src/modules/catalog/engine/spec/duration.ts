// Durations as ScrapeConfigs write them ("60m", "1h30m", "8d"): the one Go-duration parser, strict here
// because a scraper's retention ages and delays must be non-negative.
import { parseDurationMs as parseGoDuration } from '../../../../scheduling/duration.js';

/** Parse a duration into milliseconds; throws an Error naming the text when it is not one. */
export function parseDurationMs(text: string): number {
  const ms = parseGoDuration(text);
  if (ms === undefined || ms < 0 || /^\s*[+-]/.test(text)) throw new Error(`invalid duration "${text}" (use e.g. 30s, 5m, 1h30m, 7d)`);
  return ms;
}

/** True when the text parses as a duration. */
export function isDuration(text: string): boolean {
  try {
    parseDurationMs(text);
    return true;
  } catch {
    return false;
  }
}
