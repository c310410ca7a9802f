import { describe, expect, it } from 'vitest';
import { actionLogParts, LogDocument, lineStarts, MAX_LINE_CHARS, withLogs } from './log-lines';

describe('lineStarts', () => {
  it('indexes lines without a trailing empty line', () => {
    expect([...lineStarts('a\nbb\nccc')]).toEqual([0, 2, 5]);
    expect([...lineStarts('a\nbb\n')]).toEqual([0, 2]);
    expect([...lineStarts('')]).toEqual([]);
    expect([...lineStarts('\n\n')]).toEqual([0, 1]);
  });

  it('grows past its first buffer', () => {
    const text = 'x\n'.repeat(5000);
    expect(lineStarts(text).length).toBe(5000);
  });
});

describe('LogDocument', () => {
  it('addresses lines across stdout, stderr and result', () => {
    const doc = new LogDocument([
      { stream: 'stdout', text: 'one\r\ntwo\n' },
      { stream: 'stderr', text: '' },
      { stream: 'stderr', text: 'oops' },
      { stream: 'result', text: '{\n  "a": 1\n}' },
    ]);
    expect(doc.lineCount).toBe(6);
    expect(doc.line(0)).toEqual({ stream: 'stdout', text: 'one', cut: 0 });
    expect(doc.line(1)).toEqual({ stream: 'stdout', text: 'two', cut: 0 });
    expect(doc.line(2)).toEqual({ stream: 'stderr', text: 'oops', cut: 0 });
    expect(doc.line(4)).toEqual({ stream: 'result', text: '  "a": 1', cut: 0 });
    expect(doc.line(99).text).toBe('');
  });

  it('cuts over-long lines instead of drawing them whole', () => {
    const doc = new LogDocument([{ stream: 'stdout', text: 'y'.repeat(MAX_LINE_CHARS + 25) }]);
    const line = doc.line(0);
    expect(line.text.length).toBe(MAX_LINE_CHARS);
    expect(line.cut).toBe(25);
  });

  it('indexes a 50 MB log and reads any line', () => {
    const row = 'INFO 2026-01-01T00:00:00Z request served in 12ms path=/api/items/1234567 status=200\n';
    const text = row.repeat(Math.ceil((50 * 1024 * 1024) / row.length));
    const doc = new LogDocument([{ stream: 'stdout', text }]);
    expect(doc.lineCount).toBe(Math.ceil((50 * 1024 * 1024) / row.length));
    expect(doc.line(doc.lineCount - 1).text).toBe(row.trimEnd());
  });
});

describe('actionLogParts', () => {
  it('shows stdout, stderr, the rest of the result as JSON and the error', () => {
    const parts = actionLogParts({ result: { stdout: 'hi\n', stderr: 'warn', exitCode: 1 }, error: 'exit status 1' });
    expect(parts).toEqual([
      { stream: 'stdout', text: 'hi\n' },
      { stream: 'stderr', text: 'warn' },
      { stream: 'result', text: '{\n  "exitCode": 1\n}' },
      { stream: 'error', text: 'exit status 1' },
    ]);
    expect(actionLogParts({ result: null, error: null })).toEqual([]);
  });
});

describe('withLogs', () => {
  it('puts long streams fetched as text back into the result, before its other keys', () => {
    const action = { id: 'a1', result: { exitCode: 0, stderr: 'small' }, error: null };
    const merged = withLogs(action, { stdout: 'big\n' });
    expect(merged).toEqual({ id: 'a1', result: { stdout: 'big\n', stderr: 'small', exitCode: 0 }, error: null });
    expect(Object.keys(merged.result)).toEqual(['stdout', 'stderr', 'exitCode']);
    expect(actionLogParts(merged).map((p) => p.stream)).toEqual(['stdout', 'stderr', 'result']);
    expect(withLogs({ result: null }, { stderr: 'e' }).result).toEqual({ stderr: 'e' });
  });

  it('returns the same action when there is nothing to put back', () => {
    const action = { result: { stdout: 'x' } };
    expect(withLogs(action, undefined)).toBe(action);
    expect(withLogs(action, {})).toBe(action);
  });
});
