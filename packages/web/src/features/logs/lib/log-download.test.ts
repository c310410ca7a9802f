import type { LogLineWire } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { downloadFileName, toLogJson, toLogText } from './log-download';

const lines: LogLineWire[] = [
  { id: '2', timestamp: '2026-01-01T00:00:02Z', message: 'second', severity: 'error', labels: { pod: 'api-1' } },
  { id: '1', timestamp: '2026-01-01T00:00:01Z', message: 'first', labels: {} },
];

describe('log downloads', () => {
  it('write a .log file oldest first with level and labels', () => {
    expect(toLogText(lines)).toBe('2026-01-01T00:00:01Z first\n2026-01-01T00:00:02Z [ERROR] second pod=api-1\n');
    expect(toLogText([])).toBe('');
  });

  it('write a .json file of the lines as returned', () => {
    expect(JSON.parse(toLogJson(lines))).toEqual(lines);
  });

  it('name the file after the component and the range start', () => {
    expect(downloadFileName('api server/eu', new Date('2026-01-02T03:04:05.678Z'), 'log')).toBe('api-server-eu-2026-01-02T03-04-05.log');
    expect(downloadFileName('', new Date('2026-01-02T03:04:05Z'), 'json')).toBe('logs-2026-01-02T03-04-05.json');
  });
});
