import { describe, expect, it } from 'vitest';
import { type LogLineInput, toLogLine } from './log-line.js';
import { compileLogMatcher, logLineCelVars, matchLogs } from './match.js';

const lines = (...inputs: LogLineInput[]) => inputs.map(toLogLine);

describe('matchLogs', () => {
  const input = lines(
    { message: 'disk full', severity: 'error', firstObserved: '2026-03-13T09:00:00Z', labels: { ns: 'prod' }, count: 3 },
    { message: 'ok', severity: 'info', firstObserved: '2026-03-13T10:00:00Z', labels: { ns: 'dev' } },
    { message: '', labels: { msg: 'from label' } },
  );

  it('keeps lines any expression matches', () => {
    expect(matchLogs(input, ["severity == 'error'", "labels.ns == 'dev'"]).map((l) => l.severity)).toEqual(['error', 'info']);
  });

  it('sees times as timestamps, count as an int and the effective message', () => {
    expect(matchLogs(input, ["firstObserved > timestamp('2026-03-13T09:30:00Z')"])).toEqual([input[1]]);
    expect(matchLogs(input, ['count > 1'])).toEqual([input[0]]);
    expect(matchLogs(input, ["message == 'from label'"])).toEqual([input[2]]);
    expect(matchLogs(input, ["message.contains('disk') && hash != ''"])).toEqual([input[0]]);
  });

  it('skips an expression that fails on a line (missing label, unknown variable) and tries the next', () => {
    expect(matchLogs(input, ["labels.ns == 'prod'"])).toEqual([input[0]]);
    expect(matchLogs(input, ["msg == 'ok'", "message == 'ok'"])).toEqual([input[1]]);
  });

  it('keeps everything without expressions and nothing when only non-boolean results come back', () => {
    expect(matchLogs(input, [])).toEqual(input);
    expect(matchLogs(input, ['message'])).toEqual([]);
  });
});

describe('compileLogMatcher', () => {
  it('reports expressions that do not compile and leaves them out', () => {
    const matcher = compileLogMatcher(['message ==', "severity == 'info'"]);
    expect(matcher.problems.map((p) => p.expression)).toEqual(['message ==']);
    expect(matcher.problems[0]!.error.message).toMatch(/^cel:/);
    expect(matcher.matches(toLogLine({ severity: 'info' }))).toBe(true);
    expect(compileLogMatcher(['(']).matches(toLogLine({}))).toBe(false);
  });
});

describe('logLineCelVars', () => {
  it('gives absent times as null and plain values otherwise', () => {
    const vars = logLineCelVars(toLogLine({ message: 'm', firstObserved: '2026-01-01T00:00:00Z' }));
    expect(vars).toMatchObject({ message: 'm', count: 1, lastObserved: null, id: '', severity: '', labels: {} });
    expect(vars.firstObserved).toEqual(new Date('2026-01-01T00:00:00Z'));
  });
});
