// A line diff (Myers' O(ND) algorithm) printed in unified format, as `diff -u` and git show it.

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

/** The edit script between two line arrays: common prefix and suffix are matched first, cheaply. */
export function diffLines(a: string[], b: string[]): Edit[] {
  const { start, endA, endB } = commonEnds(a, b);
  return [...unchanged(a, 0, start), ...middle(a, b, start, endA, endB), ...unchanged(a, endA, a.length)];
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

function myers(a: string[], b: string[]): Edit[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(max, MAX_EDIT_DISTANCE); d++) {
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b);
    }
  }
  return undefined;
}

function backtrack(trace: Int32Array[], a: string[], b: string[]): Edit[] {
  const out: Edit[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d]!;
    // trace[d] holds v[-d-1 .. d+1] as it was before round d.
    const at = (k: number) => vd[k + d + 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) {
      out.push({ t: ' ', line: a[--x]! });
      y--;
    }
    if (d > 0) {
      if (x === prevX) out.push({ t: '+', line: b[--y]! });
      else out.push({ t: '-', line: a[--x]! });
    }
  }
  return out.reverse();
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
