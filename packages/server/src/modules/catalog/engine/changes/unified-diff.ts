// A line diff printed in unified format, as `diff -u` and git show it. The `diff` package finds the edit
// script (Myers); trimming the common ends and printing the hunks stay here: ADR 0010 has the measurements.
import { diffArrays } from 'diff';

type Edit = { t: ' ' | '-' | '+'; line: string };

/** Beyond this many differences the middle is shown as one replaced block instead of searched. */
const MAX_EDIT_DISTANCE = 2000;

/** Unified diff of two texts with `context` lines around each change; '' when they are equal. */
export function unifiedDiff(before: string, after: string, context = 3, labels: [string, string] = ['before', 'after']): string {
  if (before === after) return '';
  const a = before.split('\n');
  const b = after.split('\n');
  // Of the common head and tail only the lines that can show as context are kept; the first kept line is
  // line `first` of both texts.
  const { start, endA, endB } = commonEnds(a, b);
  const head = Math.min(start, context);
  const tail = Math.min(a.length - endA, context);
  const edits = [...unchanged(a, start - head, start), ...middle(a, b, start, endA, endB), ...unchanged(a, endA, endA + tail)];
  const first = start - head + 1;
  const hunks = formatHunks(edits, context, first);
  return hunks ? `--- ${labels[0]}\n+++ ${labels[1]}\n${hunks}` : '';
}

/** Lengths of the common head (`start`) and where the common tail begins in each array. */
function commonEnds(a: string[], b: string[]): { start: number; endA: number; endB: number } {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return { start, endA, endB };
}

function unchanged(a: string[], from: number, to: number): Edit[] {
  return a.slice(from, to).map((line) => ({ t: ' ' as const, line }));
}

function middle(a: string[], b: string[], start: number, endA: number, endB: number): Edit[] {
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  return myers(midA, midB) ?? [...midA.map((line) => ({ t: '-' as const, line })), ...midB.map((line) => ({ t: '+' as const, line }))];
}

/** The library's edit script, line by line; undefined past MAX_EDIT_DISTANCE differences. */
function myers(a: string[], b: string[]): Edit[] | undefined {
  const changes = diffArrays(a, b, { maxEditLength: MAX_EDIT_DISTANCE });
  if (!changes) return undefined;
  const out: Edit[] = [];
  for (const c of changes) {
    const t = c.added ? '+' : c.removed ? '-' : ' ';
    for (const line of c.value) out.push({ t, line });
  }
  return out;
}

/** Hunks of an edit script whose first edit is at line `first` of both texts. */
function formatHunks(edits: Edit[], context: number, first = 1): string {
  const changed: number[] = [];
  for (let i = 0; i < edits.length; i++) if (edits[i]!.t !== ' ') changed.push(i);
  if (changed.length === 0) return '';
  // Line numbers (old and new text) of the edit at `cursor`, advanced hunk by hunk: hunks never overlap.
  let cursor = 0;
  let o = first;
  let n = first;
  let out = '';
  let i = 0;
  while (i < changed.length) {
    let last = changed[i]!;
    let j = i + 1;
    while (j < changed.length && changed[j]! - last <= 2 * context + 1) last = changed[j++]!;
    const from = Math.max(0, changed[i]! - context);
    const to = Math.min(edits.length, last + context + 1);
    for (; cursor < from; cursor++) {
      const t = edits[cursor]!.t;
      if (t !== '+') o++;
      if (t !== '-') n++;
    }
    let oldLen = 0;
    let newLen = 0;
    let body = '';
    for (let k = from; k < to; k++) {
      const e = edits[k]!;
      if (e.t !== '+') oldLen++;
      if (e.t !== '-') newLen++;
      body += `${e.t}${e.line}\n`;
    }
    out += `@@ -${range(o, oldLen)} +${range(n, newLen)} @@\n${body}`;
    i = j;
  }
  return out;
}

/** GNU style: "start,len", the start of an empty range is the line before it, ",1" is omitted. */
function range(start: number, len: number): string {
  if (len === 0) return `${start - 1},0`;
  return len === 1 ? `${start}` : `${start},${len}`;
}
