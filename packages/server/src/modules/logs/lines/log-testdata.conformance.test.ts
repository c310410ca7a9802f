import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateCel } from '@ops/shared/expr';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { groupLogs, type LogGroup } from './group.js';
import { effectiveMessage, type LogLine, type LogLineInput, toLogLine } from './log-line.js';
import { logLineCelVars } from './match.js';
import { type LogFormat, parseLogLine } from './parse.js';
import { logPostProcessSchema, postProcessLogs } from './post-process.js';

// Conformance with duty's and mission-control's log test data, read from ../shared/conformance:
// every case of every file, each expectation checked (plain fields, or CEL over `results`).

const REPO = fileURLToPath(new URL('../../../../../../', import.meta.url));
const DUTY = path.resolve(REPO, '../shared/conformance/duty/logs/testdata');
const MISSION_CONTROL = path.resolve(REPO, '../shared/conformance/mission-control/playbook/actions/testdata/logs');

const yamlFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
const load = (dir: string, file: string): unknown => parse(readFileSync(path.join(dir, file), 'utf8'));

interface FieldExpectation {
  message?: string;
  effectiveMessage?: string;
  severity?: string;
  source?: string;
  host?: string;
  labels?: Record<string, string>;
}

interface ParseCase {
  name: string;
  input: string;
  labels?: Record<string, string>;
  messageFields?: string[];
  expectations: FieldExpectation[];
}

interface ExpectedLine {
  message: string;
  severity?: string;
  count?: number;
  labels?: Record<string, string>;
}

interface GroupCase {
  name: string;
  config: { groupBy?: string[]; dedupBy?: string[] };
  input: { logs: LogLineInput[] };
  expected: { logs?: ExpectedLine[]; groups?: { labels?: Record<string, string>; logs: ExpectedLine[] }[] };
}

// The parser a duty parse file exercises, by its name.
const DUTY_FORMATS: Record<string, LogFormat> = {
  'parse_autodetect.yaml': 'autodetect',
  'parse_json.yaml': 'json',
  'parse_klogfmt.yaml': 'klogfmt',
  'parse_logfmt.yaml': 'logfmt',
  'parse_syslog.yaml': 'syslog',
};

function expectLine(actual: LogLine, expected: ExpectedLine, where: string): void {
  expect(actual.message, `${where}.message`).toBe(expected.message);
  expect(actual.severity, `${where}.severity`).toBe(expected.severity ?? '');
  if (expected.count !== undefined) expect(actual.count, `${where}.count`).toBe(expected.count);
  expect(actual.labels, `${where}.labels`).toEqual(expected.labels ?? {});
}

function expectGroups(actual: LogGroup[] | undefined, expected: GroupCase['expected']['groups']): void {
  expect(actual?.length ?? 0, 'group count').toBe(expected?.length ?? 0);
  for (const [i, group] of (expected ?? []).entries()) {
    expect(actual![i]!.labels, `groups[${i}].labels`).toEqual(group.labels ?? {});
    expect(actual![i]!.logs.length, `groups[${i}] line count`).toBe(group.logs.length);
    for (const [j, line] of group.logs.entries()) expectLine(actual![i]!.logs[j]!, line, `groups[${i}].logs[${j}]`);
  }
}

describe('duty logs testdata', () => {
  const files = yamlFiles(DUTY);
  it('finds the seven case files', () => {
    expect(files).toEqual([
      'effective_message.yaml',
      'group_logs.yaml',
      'parse_autodetect.yaml',
      'parse_json.yaml',
      'parse_klogfmt.yaml',
      'parse_logfmt.yaml',
      'parse_syslog.yaml',
    ]);
  });

  for (const file of files.filter((f) => f !== 'group_logs.yaml')) {
    const { cases } = load(DUTY, file) as { cases: ParseCase[] };
    describe(file, () => {
      for (const c of cases) {
        it(c.name, () => {
          const line = toLogLine({ message: c.input, labels: c.labels });
          const format = DUTY_FORMATS[file];
          if (format) parseLogLine(line, format);
          for (const exp of c.expectations) {
            if (exp.effectiveMessage !== undefined) {
              expect(effectiveMessage(line, c.messageFields)).toBe(exp.effectiveMessage);
              continue;
            }
            expect(line.message, 'message').toBe(exp.message ?? '');
            expect(line.severity, 'severity').toBe(exp.severity ?? '');
            expect(line.source, 'source').toBe(exp.source ?? '');
            expect(line.host, 'host').toBe(exp.host ?? '');
            // Labels are checked when the case lists them (the autodetect syslog case omits its pid).
            if (exp.labels) expect(line.labels, 'labels').toEqual(exp.labels);
          }
        });
      }
    });
  }

  describe('group_logs.yaml', () => {
    const { cases } = load(DUTY, 'group_logs.yaml') as { cases: GroupCase[] };
    for (const c of cases) {
      it(c.name, () => {
        const lines = c.input.logs.map(toLogLine);
        const result = groupLogs(lines, { groupBy: c.config.groupBy, dedupBy: c.config.dedupBy });
        const expectedLogs = c.expected.logs ?? [];
        expect(result.logs?.length ?? 0, 'line count').toBe(expectedLogs.length);
        for (const [i, line] of expectedLogs.entries()) expectLine(result.logs![i]!, line, `logs[${i}]`);
        expectGroups(result.groups, c.expected.groups);
      });
    }
  });
});

describe('mission-control logs action testdata', () => {
  const files = yamlFiles(MISSION_CONTROL);
  it('finds the thirteen case files', () => {
    expect(files).toHaveLength(13);
  });

  for (const file of files) {
    const c = load(MISSION_CONTROL, file) as { postProcess: unknown; input: LogLineInput[]; expectations: string[] };
    it(file.replace(/\.yaml$/, ''), () => {
      const config = logPostProcessSchema.parse(c.postProcess);
      const results = postProcessLogs(c.input.map(toLogLine), config).map((line) => logLineCelVars(line));
      expect(c.expectations.length).toBeGreaterThan(0);
      for (const expectation of c.expectations) {
        expect(evaluateCel(expectation, { results }), `${expectation}\nresults: ${JSON.stringify(results)}`).toBe(true);
      }
    });
  }
});
