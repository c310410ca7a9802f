import { describe, expect, it } from 'vitest';
import { groupLogs } from './group.js';
import { type LogLineInput, toLogLine } from './log-line.js';

const lines = (...inputs: LogLineInput[]) => inputs.map(toLogLine);

describe('groupLogs', () => {
  it('groups by a label and a field together, in order of first appearance', () => {
    const input = lines(
      { message: 'a', severity: 'error', labels: { app: 'web', pod: 'p1' } },
      { message: 'b', severity: 'info', labels: { app: 'web', pod: 'p1' } },
      { message: 'c', severity: 'error', labels: { app: 'web', pod: 'p2' } },
    );
    const { groups } = groupLogs(input, { groupBy: ['label.app', 'severity'] });
    expect(groups!.map((g) => [g.labels, g.logs.map((l) => [l.message, l.labels])])).toEqual([
      [
        { app: 'web' },
        [
          ['a', { pod: 'p1' }],
          ['c', { pod: 'p2' }],
        ],
      ],
      [{ app: 'web', pod: 'p1' }, [['b', {}]]],
    ]);
  });

  it('does not modify the input lines', () => {
    const input = lines({ message: 'a', labels: { app: 'web' } }, { message: 'b', labels: { app: 'web' } });
    groupLogs(input, { groupBy: ['app'] });
    expect(input.map((l) => l.labels)).toEqual([{ app: 'web' }, { app: 'web' }]);
  });

  it('treats labels named like Object methods as ordinary labels', () => {
    const input = lines({ message: 'a', labels: { constructor: 'x' } }, { message: 'b', labels: {} });
    const { groups } = groupLogs(input, { groupBy: ['severity'] });
    expect(groups![0]!.labels).toEqual({});
    expect(groups![0]!.logs[0]!.labels).toEqual({ constructor: 'x' });
  });

  it('dedupes by the effective message taken from custom message fields', () => {
    const input = lines({ labels: { log: 'x' } }, { labels: { log: 'x' } }, { labels: { log: 'y' } });
    const { logs } = groupLogs(input, { dedupBy: ['message'], messageFields: ['log'] });
    expect(logs!.map((l) => l.count)).toEqual([2, 1]);
  });
});
