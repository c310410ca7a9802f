import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonEqual } from './canonical-json.js';
import { diffConfigs } from './diff-configs.js';
import { applyJsonPatch, createJsonPatch } from './json-patch.js';
import { createMergePatch, summarizeMergePatch } from './merge-patch.js';
import { unifiedDiff } from './unified-diff.js';

describe('diffConfigs', () => {
  it('returns null for equal bodies whatever the key order', () => {
    expect(diffConfigs({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBeNull();
  });

  it('gives RFC 6902 patches, a unified diff and a summary for a changed field', () => {
    const before = { reg_no: 'A123', color: 'red', top_speed_mile: 120 };
    const after = { reg_no: 'A123', color: 'blue', top_speed_mile: 120 };
    const d = diffConfigs(before, after)!;
    expect(d.patches).toEqual([{ op: 'replace', path: '/color', value: 'blue' }]);
    expect(d.summary).toBe('color');
    expect(d.merge_patch).toEqual({ color: 'blue' });
    expect(d.diff).toBe(
      [
        '--- before',
        '+++ after',
        '@@ -1,5 +1,5 @@',
        ' {',
        '-  "color": "red",',
        '+  "color": "blue",',
        '   "reg_no": "A123",',
        '   "top_speed_mile": 120',
        ' }',
        '',
      ].join('\n'),
    );
    expect(d.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(diffConfigs(before, after)!.fingerprint).toBe(d.fingerprint);
  });

  it('summarises several changed leaves under one parent by the parent path', () => {
    const before = { status: { containerStatuses: [{ restartCount: 1 }], phase: 'Running' } };
    const after = { status: { containerStatuses: [{ restartCount: 2 }], phase: 'Failed' } };
    expect(diffConfigs(before, after)!.summary).toBe('status');
    expect(diffConfigs({ status: { x: [1] } }, { status: { x: [2] } })!.summary).toBe('status.x');
    expect(summarizeMergePatch({ a: 1, b: 2 })).toBe('a, b');
  });

  it('reports removed keys as remove operations and null in the merge patch', () => {
    const d = diffConfigs({ a: 1, b: 2 }, { a: 1 })!;
    expect(d.patches).toEqual([{ op: 'remove', path: '/b' }]);
    expect(d.merge_patch).toEqual({ b: null });
  });

  it('escapes JSON pointer segments', () => {
    expect(createJsonPatch({ 'a/b': 1, 'c~d': 1 }, { 'a/b': 2, 'c~d': 2 })).toEqual([
      { op: 'replace', path: '/a~1b', value: 2 },
      { op: 'replace', path: '/c~0d', value: 2 },
    ]);
  });

  it('treats a "__proto__" key as data, never as the object prototype', () => {
    const a = JSON.parse('{"__proto__":false}') as Record<string, unknown>;
    expect(createJsonPatch(a, {})).toEqual([{ op: 'remove', path: '/__proto__' }]);
    expect(createJsonPatch({}, a)).toEqual([{ op: 'add', path: '/__proto__', value: false }]);
    expect(jsonEqual(applyJsonPatch(a, createJsonPatch(a, {})), {})).toBe(true);
    expect(JSON.stringify(createMergePatch(a, {}))).toBe('{"__proto__":null}');
    expect(JSON.stringify(createMergePatch({}, a))).toBe('{"__proto__":false}');
  });

  it('patches always replay to the new body (property)', () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    fc.assert(
      fc.property(json, json, (a, b) => {
        const ops = createJsonPatch(a, b);
        expect(jsonEqual(applyJsonPatch(a, ops), b)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('merge patches are empty exactly when objects are equal (property)', () => {
    const obj = fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }));
    fc.assert(
      fc.property(obj, obj, (a, b) => {
        const equal = JSON.stringify(createMergePatch(a, b)) === '{}';
        expect(equal).toBe(diffConfigs(a, b) === null);
      }),
      { numRuns: 300 },
    );
  });
});

describe('unifiedDiff', () => {
  it('is empty for equal texts and keeps every line of both sides, with a minimal edit script', () => {
    expect(unifiedDiff('a\nb', 'a\nb')).toBe('');
    const a = 'x\na\nb\nc\nd';
    const b = 'a\nb\nX\nd\ne';
    const lines = unifiedDiff(a, b, 100).split('\n').slice(3, -1);
    expect(lines.filter((l) => !l.startsWith('+')).map((l) => l.slice(1))).toEqual(a.split('\n'));
    expect(lines.filter((l) => !l.startsWith('-')).map((l) => l.slice(1))).toEqual(b.split('\n'));
    expect(lines.filter((l) => !l.startsWith(' '))).toHaveLength(4); // minimal: -x -c +X +e
  });

  it('shows texts too different to search as one replaced block that still replays', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`);
    const before = ['head', ...a, 'tail'].join('\n');
    const after = ['head', ...b, 'tail'].join('\n');
    const text = unifiedDiff(before, after, 1);
    expect(text.split('\n').slice(0, 4)).toEqual(['--- before', '+++ after', '@@ -1,3002 +1,3002 @@', ' head']);
    expect(applyUnified(before, text)).toBe(after);
  });

  it('splits distant changes into separate hunks with GNU ranges', () => {
    const a = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    const b = [...a];
    b[1] = 'changed 2';
    b[17] = 'changed 18';
    const text = unifiedDiff(a.join('\n'), b.join('\n'));
    expect(text.match(/^@@ .* @@$/gm)).toEqual(['@@ -1,5 +1,5 @@', '@@ -15,6 +15,6 @@']);
  });

  it('names an insertion into an empty text with a zero-length range', () => {
    expect(unifiedDiff('', 'a')).toBe('--- before\n+++ after\n@@ -1 +1 @@\n-\n+a\n');
    expect(unifiedDiff('a', 'a\nb')).toBe('--- before\n+++ after\n@@ -1 +1,2 @@\n a\n+b\n');
  });

  it('hunks replay onto the old text at their line numbers and give the new text (property)', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', '{', '}', ''), { maxLength: 30 });
    fc.assert(
      fc.property(lines, lines, fc.integer({ min: 0, max: 4 }), (a, b, context) => {
        const before = a.join('\n');
        const after = b.join('\n');
        const text = unifiedDiff(before, after, context);
        expect(text === '').toBe(before === after);
        if (text) expect(applyUnified(before, text)).toBe(after);
      }),
      { numRuns: 1000 },
    );
  });
});

/** Apply a unified diff as `patch` would, failing on any context or removed line that does not match. */
function applyUnified(before: string, diff: string): string {
  const old = before.split('\n');
  const out: string[] = [];
  let next = 0; // index in `old` of the first line not yet copied
  const body = diff.split('\n').slice(2, -1);
  for (let i = 0; i < body.length;) {
    const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$/.exec(body[i]!);
    if (!m) throw new Error(`not a hunk header: ${body[i]}`);
    const oldLen = m[2] === undefined ? 1 : Number(m[2]);
    const oldStart = oldLen === 0 ? Number(m[1]) : Number(m[1]) - 1;
    expect(Number(m[3]) - (Number(m[4] ?? 1) === 0 ? 0 : 1)).toBe(out.length + oldStart - next);
    out.push(...old.slice(next, oldStart));
    next = oldStart;
    for (i++; i < body.length && !body[i]!.startsWith('@@'); i++) {
      const [t, line] = [body[i]![0], body[i]!.slice(1)];
      if (t !== '+') expect(old[next++]).toBe(line);
      if (t !== '-') out.push(line);
    }
  }
  return [...out, ...old.slice(next)].join('\n');
}
