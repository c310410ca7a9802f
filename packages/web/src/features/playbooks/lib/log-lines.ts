// An action's log as lines without copying it: each text (stdout, stderr, the result as JSON) keeps one
// index of where its lines start, and a line is sliced out only when the virtual list draws it. A 50 MB
// stdout is indexed with one indexOf scan and never split into 10^6 strings.

export type LogStream = 'stdout' | 'stderr' | 'result' | 'error';

/** One line as the log pane draws it. */
export interface LogLine {
  stream: LogStream;
  text: string;
  /** Characters cut from the end of an over-long line (drawn as a note, never rendered). */
  cut: number;
}

interface Segment {
  stream: LogStream;
  text: string;
  starts: Uint32Array;
  /** Index of the segment's first line in the whole log. */
  first: number;
}

/** Lines longer than this are cut when drawn: one 50 MB line must not become one DOM text node. */
export const MAX_LINE_CHARS = 10_000;

/** Offsets where each line of `text` starts ('\n' separated; a final newline does not add an empty line). */
export function lineStarts(text: string): Uint32Array {
  let starts = new Uint32Array(1024);
  let count = 0;
  if (text.length === 0) return starts.subarray(0, 0);
  starts[count++] = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < text.length - 1; i = text.indexOf('\n', i + 1)) {
    if (count === starts.length) {
      const grown = new Uint32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count++] = i + 1;
  }
  return starts.subarray(0, count);
}

/** The log of one action: its texts in order, addressed by line number across all of them. */
export class LogDocument {
  private readonly segments: Segment[] = [];
  readonly lineCount: number;
  /** Characters in all texts (for the header's size note). */
  readonly size: number;

  constructor(parts: readonly { stream: LogStream; text: string }[]) {
    let first = 0;
    let size = 0;
    for (const part of parts) {
      if (!part.text) continue;
      const starts = lineStarts(part.text);
      this.segments.push({ stream: part.stream, text: part.text, starts, first });
      first += starts.length;
      size += part.text.length;
    }
    this.lineCount = first;
    this.size = size;
  }

  /** Line `index` (0-based across every text); cut to MAX_LINE_CHARS, '\r' dropped. */
  line(index: number): LogLine {
    const seg = this.segmentOf(index);
    if (!seg) return { stream: 'stdout', text: '', cut: 0 };
    const i = index - seg.first;
    const start = seg.starts[i]!;
    let end = i + 1 < seg.starts.length ? seg.starts[i + 1]! - 1 : seg.text.length;
    if (end > start && seg.text.charCodeAt(end - 1) === 10) end -= 1; // the text's final newline
    if (end > start && seg.text.charCodeAt(end - 1) === 13) end -= 1;
    const cut = Math.max(0, end - start - MAX_LINE_CHARS);
    return { stream: seg.stream, text: seg.text.slice(start, end - cut), cut };
  }

  private segmentOf(index: number): Segment | undefined {
    if (index < 0 || index >= this.lineCount) return undefined;
    let lo = 0;
    let hi = this.segments.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.segments[mid]!.first <= index) lo = mid;
      else hi = mid - 1;
    }
    return this.segments[lo];
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The texts an action's log shows: stdout, stderr, then the rest of its result as indented JSON (an http
 * response, sql rows, …), then its error. Empty parts are left out.
 */
export function actionLogParts(action: {
  result: Record<string, unknown> | null;
  error: string | null;
}): { stream: LogStream; text: string }[] {
  const parts: { stream: LogStream; text: string }[] = [];
  const result = isObject(action.result) ? action.result : {};
  const { stdout, stderr, ...rest } = result;
  if (typeof stdout === 'string' && stdout) parts.push({ stream: 'stdout', text: stdout });
  if (typeof stderr === 'string' && stderr) parts.push({ stream: 'stderr', text: stderr });
  if (Object.keys(rest).length) parts.push({ stream: 'result', text: JSON.stringify(rest, null, 2) });
  if (action.error) parts.push({ stream: 'error', text: action.error });
  return parts;
}

/** The log streams the server may leave out of an action's JSON and serve as text. */
export type ActionLogStream = 'stdout' | 'stderr';
export type ActionLogTexts = Partial<Record<ActionLogStream, string>>;

/**
 * The action with the texts of its long streams put back into its result, as if served inline (the same
 * object when there are none), so the log pane and the export read one shape.
 */
export function withLogs<T extends { result: Record<string, unknown> | null }>(action: T, texts: ActionLogTexts | undefined): T {
  if (!texts || (texts.stdout === undefined && texts.stderr === undefined)) return action;
  const result = isObject(action.result) ? action.result : {};
  const { stdout, stderr, ...rest } = result;
  const merged: Record<string, unknown> = {};
  const out = texts.stdout ?? stdout;
  const err = texts.stderr ?? stderr;
  if (out !== undefined) merged.stdout = out;
  if (err !== undefined) merged.stderr = err;
  return { ...action, result: { ...merged, ...rest } };
}
