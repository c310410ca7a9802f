import { describe, expect, it } from 'vitest';
import { toLogLine } from './log-line.js';
import { logPostProcessSchema, matchProblems, postProcessLogs } from './post-process.js';

describe('logPostProcessSchema', () => {
  it('accepts mission-control post-processing', () => {
    const config = {
      parse: 'klogfmt',
      dedupe: { fields: ['message'], window: '5m' },
      match: ["severity == 'error'"],
      mapping: { message: ['msg'] },
    };
    expect(logPostProcessSchema.parse(config)).toEqual(config);
  });

  it('names the problem with a bad window, an unknown format or empty fields', () => {
    const issues = (value: unknown) => logPostProcessSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ dedupe: { fields: ['message'], window: '5 minutes' } })).toEqual([
      expect.stringMatching(/^dedupe\.window: dedupe window '5 minutes'/),
    ]);
    expect(issues({ parse: 'xml' })).toEqual([expect.stringMatching(/^parse: /)]);
    expect(issues({ dedupe: { fields: [] } })).toEqual([expect.stringMatching(/^dedupe\.fields: /)]);
  });

  it('lists match expressions that do not compile', () => {
    expect(matchProblems({ match: ["severity == 'error'", 'severity =='] })).toEqual([expect.stringMatching(/^match 'severity ==': cel:/)]);
    expect(matchProblems({})).toEqual([]);
  });
});

describe('postProcessLogs', () => {
  it('parses, then dedupes, then matches', () => {
    const lines = [
      'level=error msg="db down" attempt=1',
      'level=error msg="db down" attempt=2',
      'level=info msg="retrying"',
      'level=error msg="db down" attempt=3',
    ].map((message) => toLogLine({ message }));
    const out = postProcessLogs(lines, { parse: 'logfmt', dedupe: { fields: ['message'] }, match: ["severity == 'error'"] });
    expect(out.map((l) => [l.message, l.count, l.labels.attempt])).toEqual([['db down', 3, '1']]);
  });

  it('returns the lines as they are with an empty configuration', () => {
    const lines = [toLogLine({ message: 'level=info msg=x' })];
    expect(postProcessLogs(lines, {})).toEqual([toLogLine({ message: 'level=info msg=x' })]);
  });

  it('throws for a window that is not a duration when the schema was bypassed', () => {
    expect(() => postProcessLogs([], { dedupe: { fields: ['message'], window: 'soon' } })).toThrow(/dedupe window 'soon'/);
  });
});
