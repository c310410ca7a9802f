import { describe, expect, it } from 'vitest';
import type { MachineInfo } from './machine.js';
import { figure, formatNumber, type BenchResult } from './result.js';
import { composeResults, parseSections } from './results-md.js';

const machine: MachineInfo = {
  cpu: 'Test CPU',
  cores: 2,
  ramGiB: 4,
  node: 'v20.0.0',
  os: 'Linux',
  date: '2026-01-01T00:00:00Z',
  load1: 0.1,
};
const result = (name: string, value: number): BenchResult => ({
  name,
  title: `Bench ${name}`,
  ok: true,
  figures: [figure('speed', value, 'req/s', { min: 3000 })],
  markdown: `details of ${name}`,
  machine,
  seconds: 1,
});

describe('RESULTS.md composition', () => {
  it('judges figures against their bounds', () => {
    expect(figure('ratio', 1.2, '×', { max: 1.5 })).toMatchObject({ pass: true, target: '≤ 1.5×' });
    expect(figure('rps', 2999, 'req/s', { min: 3000 })).toMatchObject({ pass: false, target: '≥ 3,000 req/s' });
    expect(formatNumber(1234.5)).toBe('1,235');
    expect(formatNumber(1.23456)).toBe('1.23');
  });

  it('replaces the sections that ran and keeps the others', () => {
    const first = composeResults('', [result('a', 4000), result('b', 100)], machine);
    expect(first).toContain('| a | ran; all targets met |');
    expect(first).toContain('| b | ran; some targets missed |');
    const second = composeResults(first, [result('b', 5000)], machine);
    const sections = parseSections(second);
    expect([...sections.keys()]).toEqual(['a', 'b']);
    expect(sections.get('a')).toBe(parseSections(first).get('a'));
    expect(sections.get('b')).toContain('5,000 req/s');
    expect(second).not.toContain('**MISS**');
  });

  it('shows a figure without a target as one for reference, neither passed nor missed', () => {
    const r: BenchResult = { ...result('d', 4000), figures: [...result('d', 4000).figures, figure('context', 10, 'ms', {})] };
    const md = composeResults('', [r], machine);
    expect(md).toContain('| context | 10 ms | — | for reference |');
    expect(md).toContain('| d | ran; all targets met |');
  });

  it('writes a failed run as FAILED with its error', () => {
    const failed: BenchResult = { ...result('c', 0), ok: false, error: 'boom', figures: [] };
    const md = composeResults('', [failed], machine);
    expect(md).toContain('**FAILED**');
    expect(md).toContain('boom');
    expect(md).toContain('| c | failed to run |');
  });
});
