import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseScrapeConfig, ScrapeConfigError } from './parse-scrape-config.js';
import { parseSchedule } from './schedule.js';

const REPO = fileURLToPath(new URL('../../../../../../../', import.meta.url));
const FIXTURES = path.resolve(REPO, '../shared/conformance/config-db/fixtures');

const doc = (spec: Record<string, unknown>, metadata: Record<string, unknown> = { name: 'x' }) => ({
  apiVersion: 'configs.flanksource.com/v1',
  kind: 'ScrapeConfig',
  metadata,
  spec,
});

function errorOf(input: unknown): string {
  try {
    parseScrapeConfig(input);
  } catch (err) {
    expect(err).toBeInstanceOf(ScrapeConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ScrapeConfigError');
}

describe('parseScrapeConfig', () => {
  it('accepts every conformance fixture as written (YAML text)', () => {
    const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThanOrEqual(12);
    for (const f of files) {
      const parsed = parseScrapeConfig(readFileSync(path.join(FIXTURES, f), 'utf8'));
      expect(parsed.unsupported).toEqual([]);
    }
  });

  it('defaults the schedule to @every 60m and keeps unknown fields', () => {
    const parsed = parseScrapeConfig(
      doc({ file: [{ type: 'T', id: '$.id', paths: ['a.json'], futureField: { a: 1 } }], someSetting: true }),
    );
    expect(parsed.schedule).toMatchObject({ kind: 'every', expression: '@every 60m', intervalMs: 3_600_000 });
    expect((parsed.document.spec.file![0] as Record<string, unknown>).futureField).toEqual({ a: 1 });
    expect((parsed.document.spec as Record<string, unknown>).someSetting).toBe(true);
  });

  it('names the invalid field', () => {
    expect(errorOf(doc({ sql: [{ connection: 'postgres://x', type: 'T', id: 'i' }] }))).toBe('spec.sql[0].query: query is required');
    expect(errorOf(doc({ kubernetes: [{}] }))).toBe('spec.kubernetes[0].clusterName: clusterName is required');
    expect(errorOf(doc({ file: [{ paths: 'a.json' }] }))).toMatch(/^spec\.file\[0\]\.paths: expected array/);
    expect(errorOf(doc({ exec: [{ script: '' }] }))).toBe('spec.exec[0].script: script is required');
    expect(errorOf(doc({}, {}))).toBe('metadata.name: name is required');
    expect(errorOf({ ...doc({}), kind: 'Canary' })).toBe('kind: must be ScrapeConfig');
    expect(errorOf(doc({ retention: { changes: [{ name: 'X', age: 'soon' }] } }))).toBe(
      'spec.retention.changes[0].age: must be a duration such as 72h, 8d or 30m',
    );
    expect(errorOf('spec: [unclosed')).toMatch(/^document: invalid YAML/);
  });

  it('compiles JavaScript transforms at save: a script that does not parse is refused naming its field', () => {
    const file = (transform: Record<string, unknown>) => doc({ file: [{ type: 'T', id: '$.id', paths: ['a.json'], transform }] });
    expect(parseScrapeConfig(file({ script: { javascript: 'JSON.stringify(config)' } })).name).toBe('x');
    expect(parseScrapeConfig(file({ javascript: 'while (true) {}' })).name).toBe('x');
    expect(errorOf(file({ script: { javascript: 'for (var i = 0; i <' } }))).toBe(
      "spec.file[0].transform.script.javascript: SyntaxError: unexpected token in expression: '' at line 1, column 20",
    );
    expect(errorOf(file({ javascript: 'config.map(' }))).toMatch(/^spec\.file\[0\]\.transform\.javascript: SyntaxError: /);
    // config-db's Script has four fields: anything else under `script` would be silently ignored.
    expect(errorOf(file({ script: { python: 'print(1)' } }))).toMatch(/^spec\.file\[0\]\.transform\.script: .*"python"/);
  });

  it('validates the schedule, with a 29 s minimum', () => {
    expect(errorOf(doc({ schedule: '@every 10s' }))).toBe('spec.schedule: "@every 10s" runs more often than the minimum interval of 29s');
    expect(errorOf(doc({ schedule: '* * * * * *' }))).toBe('spec.schedule: "* * * * * *" runs more often than the minimum interval of 29s');
    expect(errorOf(doc({ schedule: '8 46 *' }))).toBe('spec.schedule: invalid cron expression "8 46 *": expected 5 or 6 fields, got 3');
    expect(errorOf(doc({ schedule: '@sometimes' }))).toMatch(/^spec\.schedule: unknown schedule "@sometimes"/);
    expect(parseSchedule('@every 29s')).toMatchObject({ intervalMs: 29_000 });
    expect(parseSchedule('*/30 * * * * *')).toMatchObject({ kind: 'cron' });
    expect(parseSchedule('@hourly').next(new Date('2024-01-01T10:07:00Z'))?.toISOString()).toBe('2024-01-01T11:00:00.000Z');
    expect(parseSchedule('*/5 * * * *')).toMatchObject({ kind: 'cron', expression: '*/5 * * * *' });
  });

  it('lists scraper types it cannot run', () => {
    const parsed = parseScrapeConfig(doc({ aws: [{ region: ['eu-west-1'] }], file: [] }));
    expect(parsed.unsupported).toEqual(['aws']);
  });
});
