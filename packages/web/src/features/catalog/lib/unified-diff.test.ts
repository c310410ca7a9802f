import { describe, expect, it } from 'vitest';
import { diffStats, parseUnifiedDiff, pointerToPath } from './unified-diff';

const DIFF = `--- a
+++ b
@@ -1,4 +1,4 @@
 {
-  "color": "red",
+  "color": "blue",
   "reg_no": "A123"
 }
\\ No newline at end of file`;

describe('unified diff', () => {
  it('numbers old and new lines through a hunk', () => {
    const lines = parseUnifiedDiff(DIFF);
    expect(lines.map((l) => [l.kind, l.oldNo, l.newNo, l.text])).toEqual([
      ['meta', undefined, undefined, '--- a'],
      ['meta', undefined, undefined, '+++ b'],
      ['hunk', undefined, undefined, '@@ -1,4 +1,4 @@'],
      ['ctx', 1, 1, '{'],
      ['del', 2, undefined, '  "color": "red",'],
      ['add', undefined, 2, '  "color": "blue",'],
      ['ctx', 3, 3, '  "reg_no": "A123"'],
      ['ctx', 4, 4, '}'],
      ['meta', undefined, undefined, '\\ No newline at end of file'],
    ]);
    expect(diffStats(lines)).toEqual({ added: 1, removed: 1 });
  });

  it('handles several hunks and empty input', () => {
    const lines = parseUnifiedDiff('@@ -10 +10 @@\n-a\n+b\n@@ -20,2 +20,3 @@\n x\n+y\n z');
    expect(lines.filter((l) => l.kind === 'add').map((l) => l.newNo)).toEqual([10, 21]);
    expect(parseUnifiedDiff(null)).toEqual([]);
  });

  it('reads JSON pointers as paths', () => {
    expect(pointerToPath('/spec/containers/0/image')).toBe('spec.containers[0].image');
    expect(pointerToPath('/metadata/annotations/a~1b')).toBe('metadata.annotations.a/b');
    expect(pointerToPath('')).toBe('(root)');
  });
});
