// Raw text to log entries: stack traces and wrapped messages continue on lines that start with
// whitespace, and belong to the entry above rather than being separate lines.

/** Whether a raw line continues the previous entry (starts with a space or a tab). */
export function isContinuationLine(raw: string): boolean {
  const c = raw.charCodeAt(0);
  return c === 32 || c === 9;
}

/**
 * Splits text into entries: one per non-blank line, with continuation lines joined onto the entry
 * before them by '\n' (a continuation at the very start is an entry of its own). CRLF is accepted.
 */
export function splitLogEntries(text: string): string[] {
  const entries: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') continue;
    if (entries.length > 0 && isContinuationLine(line)) entries[entries.length - 1] += `\n${line}`;
    else entries.push(line);
  }
  return entries;
}
