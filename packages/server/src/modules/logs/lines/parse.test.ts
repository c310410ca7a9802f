import { describe, expect, it } from 'vitest';
import { toLogLine } from './log-line.js';
import { detectLogFormat, parseLogLine, parseLogLines } from './parse.js';

const parsed = (message: string, format: Parameters<typeof parseLogLine>[1] = 'autodetect', firstObserved?: string) => {
  const line = toLogLine({ message, firstObserved });
  const ok = parseLogLine(line, format);
  return { ok, line };
};

describe('detectLogFormat', () => {
  it.each([
    ['{"msg":"x"}', 'json'],
    ['I0313 09:02:52.532517       1 request.go:752] hello', 'klogfmt'],
    ['<13>Mar 15 10:30:45 web-01 nginx[1234]: GET /', 'syslog'],
    ['Mar  5 10:30:45 web-01 cron: job', 'syslog'],
    ['<34>1 2003-10-11T22:14:15.003Z host su - ID47 - failed', 'syslog'],
    ['a=1 b=2', 'logfmt'],
  ])('%s is %s', (message, format) => {
    expect(detectLogFormat(message)).toBe(format);
  });

  it.each([
    '',
    'plain text',
    'Error: x = y',
    'a=1 then words',
    'only=one',
    'Information 10:30:45 is not a month',
    'I0313 not klog',
    '<13> not syslog',
  ])('%j is plain text', (message) => {
    expect(detectLogFormat(message)).toBeUndefined();
  });

  it('leaves plain text and a brace that is no JSON unchanged', () => {
    for (const message of ['plain text', '{not json', '[1,2]']) {
      const { ok, line } = parsed(message);
      expect(ok).toBe(false);
      expect(line).toEqual(toLogLine({ message }));
    }
  });
});

describe('json', () => {
  it('flattens nested objects into dotted labels and writes non-strings as JSON', () => {
    const { line } = parsed('{"msg":"m","http":{"status":500,"path":"/x"},"tags":["a"],"ok":true,"none":null}', 'json');
    expect(line.labels).toEqual({ 'http.status': '500', 'http.path': '/x', tags: '["a"]', ok: 'true', none: '' });
  });

  it('normalises the level and takes the first key of each field; later ones stay labels', () => {
    const { line } = parsed('{"level":"WARN","severity":"x","msg":"a","message":"b","hostname":"h"}', 'json');
    expect(line).toMatchObject({ severity: 'warning', message: 'a', host: 'h', labels: { severity: 'x', message: 'b' } });
  });

  it('keeps the JSON text as the message when it has no message key', () => {
    const text = '{"level":"info","event":"started"}';
    expect(parsed(text, 'json').line).toMatchObject({ message: text, severity: 'info', labels: { event: 'started' } });
  });

  it('fills firstObserved from a time key only when the line has none', () => {
    expect(parsed('{"msg":"m","ts":1710320572.5}', 'json').line.firstObserved).toBe('2024-03-13T09:02:52.500Z');
    const kept = parsed('{"msg":"m","time":"2024-01-01T00:00:00Z"}', 'json', '2025-05-05T00:00:00Z').line;
    expect(kept.firstObserved).toBe('2025-05-05T00:00:00Z');
    expect(kept.labels).toEqual({ time: '2024-01-01T00:00:00Z' });
  });

  it('keeps a message with embedded newlines (multi-line) whole', () => {
    expect(parsed('{"msg":"panic: boom\\n\\tat main.go:10"}', 'json').line.message).toBe('panic: boom\n\tat main.go:10');
  });

  it('keeps a "__proto__" key as an ordinary label', () => {
    const { line } = parsed('{"msg":"m","__proto__":"x"}', 'json');
    expect(Object.keys(line.labels)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(line.labels)).toBe(Object.prototype);
  });
});

describe('logfmt', () => {
  it('maps level, caller, host and ts, and labels the rest', () => {
    const { line } = parsed('ts=2026-03-13T09:02:52Z level=WARN caller=main.go:9 host=h1 msg="disk full" pct=97', 'logfmt');
    expect(line).toMatchObject({
      firstObserved: '2026-03-13T09:02:52Z',
      severity: 'warning',
      source: 'main.go:9',
      host: 'h1',
      message: 'disk full',
      labels: { pct: '97' },
    });
  });

  it('keeps the whole text as message when text follows the pairs', () => {
    const { ok, line } = parsed('level=info msg=hi then free text', 'logfmt');
    expect(ok).toBe(true);
    expect(line.message).toBe('level=info msg=hi then free text');
    expect(line.labels.msg).toBe('hi');
  });
});

describe('klog', () => {
  it('reads free-text messages and fatal severity', () => {
    const { line } = parsed('F0313 09:02:52.532517   12345 main.go:42] could not start: port in use', 'klogfmt');
    expect(line).toMatchObject({ severity: 'fatal', source: 'main.go:42', message: 'could not start: port in use', labels: {} });
  });

  it('unescapes the quoted message and keeps text after the pairs', () => {
    const { line } = parsed('I0313 09:02:52.532517 1 a.go:1] "say \\"hi\\"" k="v w" extra', 'klog');
    expect(line.message).toBe('say "hi" extra');
    expect(line.labels).toEqual({ k: 'v w' });
  });

  it('stamps the line with the year of its firstObserved or of the clock', () => {
    expect(parsed('I0313 09:02:52.532517 1 a.go:1] x', 'klogfmt').line.firstObserved).toMatch(/^\d{4}-03-13T09:02:52\.532517Z$/);
    const line = toLogLine({ message: 'E1231 23:59:59.000001 1 a.go:1] x', firstObserved: '2020-06-01T00:00:00Z' });
    parseLogLine(line, 'klogfmt');
    expect(line.firstObserved).toBe('2020-06-01T00:00:00Z');
  });

  it('keeps a multi-line message after the header', () => {
    expect(parsed('E0313 09:02:52.532517 1 a.go:1] failed:\n  detail one', 'klogfmt').line.message).toBe('failed:\n  detail one');
  });
});

describe('syslog', () => {
  it('reads RFC 5424 with structured data and a nil msgid', () => {
    const { line } = parsed(
      '<165>1 2003-10-11T22:14:15.003Z mymachine.example.com evntslog 4711 - [exampleSDID@32473 iut="3" eventSource="App\\"lication"] An application event',
      'syslog',
    );
    expect(line).toMatchObject({
      severity: 'notice',
      host: 'mymachine.example.com',
      source: 'evntslog',
      message: 'An application event',
      firstObserved: '2003-10-11T22:14:15.003Z',
      labels: { pid: '4711', iut: '3', eventSource: 'App"lication' },
    });
    expect(line.labels.msgid).toBeUndefined();
  });

  it('reads RFC 5424 without structured data and without a message', () => {
    expect(parsed('<34>1 2003-10-11T22:14:15.003Z host su - ID47 - \uFEFFfailed', 'syslog').line).toMatchObject({
      severity: 'critical',
      source: 'su',
      message: 'failed',
      labels: { msgid: 'ID47' },
    });
    expect(parsed('<14>1 - host app - - -', 'syslog').line).toMatchObject({ message: '', severity: 'info', source: 'app' });
  });

  it('reads single-digit days padded with a space and stamps RFC 3164 lines', () => {
    const { line } = parsed('<11>Mar  5 10:30:45 db-01 postgres: FATAL: no role', 'syslog', '2026-03-05T10:30:50Z');
    expect(line).toMatchObject({ severity: 'error', host: 'db-01', source: 'postgres', message: 'FATAL: no role' });
    expect(parsed('Mar  5 10:30:45 db-01 postgres: x', 'syslog').line.firstObserved).toMatch(/^\d{4}-03-05T10:30:45Z$/);
  });

  it('keeps the existing severity when there is no priority', () => {
    const line = toLogLine({ message: 'Mar 15 10:30:45 app-01 myapp[9]: ok', severity: 'warning' });
    parseLogLine(line, 'syslog');
    expect(line.severity).toBe('warning');
  });

  it('rejects an unknown month', () => {
    expect(parsed('Foo 15 10:30:45 app-01 myapp: ok', 'syslog').ok).toBe(false);
  });
});

describe('parseLogLines', () => {
  it('parses a mixed batch in place, one format per line', () => {
    const lines = ['{"msg":"j"}', 'a=1 msg=l', 'plain'].map((message) => toLogLine({ message }));
    expect(parseLogLines(lines, 'autodetect').map((l) => l.message)).toEqual(['j', 'l', 'plain']);
  });
});
