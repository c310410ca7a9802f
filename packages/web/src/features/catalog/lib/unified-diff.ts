/** One line of a unified diff as the diff view draws it. */
export interface DiffLine {
  kind: 'add' | 'del' | 'ctx' | 'hunk' | 'meta';
  text: string;
  /** Line number in the old text (context and removed lines). */
  oldNo?: number;
  /** Line number in the new text (context and added lines). */
  newNo?: number;
}

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@(.*)$/;

/**
 * Parses a unified diff (`---`/`+++` headers, `@@ -a,b +c,d @@` hunks, `+`/`-`/` ` lines) into rows
 * with old and new line numbers. Text before the first hunk and '\ No newline' notes are 'meta'.
 */
export function parseUnifiedDiff(diff: string | null | undefined): DiffLine[] {
  if (!diff) return [];
  const out: DiffLine[] = [];
  let oldNo = 0;
  let newNo = 0;
  let inHunk = false;
  const lines = diff.replace(/\n$/, '').split('\n');
  for (const line of lines) {
    const hunk = HUNK.exec(line);
    if (hunk) {
      oldNo = Number(hunk[1]);
      newNo = Number(hunk[2]);
      inHunk = true;
      out.push({ kind: 'hunk', text: line });
    } else if (!inHunk || line.startsWith('\\')) {
      out.push({ kind: 'meta', text: line });
    } else if (line.startsWith('+')) {
      out.push({ kind: 'add', text: line.slice(1), newNo: newNo++ });
    } else if (line.startsWith('-')) {
      out.push({ kind: 'del', text: line.slice(1), oldNo: oldNo++ });
    } else {
      out.push({ kind: 'ctx', text: line.startsWith(' ') ? line.slice(1) : line, oldNo: oldNo++, newNo: newNo++ });
    }
  }
  return out;
}

/** Added and removed line counts of a parsed diff. */
export function diffStats(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.kind === 'add') added++;
    else if (l.kind === 'del') removed++;
  }
  return { added, removed };
}

/** A JSON pointer as people read it: '/spec/containers/0/image' → 'spec.containers[0].image'. */
export function pointerToPath(pointer: string): string {
  if (pointer === '' || pointer === '/') return '(root)';
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part), '');
}
