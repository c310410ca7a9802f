import { describe, expect, it } from 'vitest';
import { describeSpecIssue, loggingBackendKind, loggingBackendSpecSchema, logSelectorSchema } from './logging-backend.schemas.js';

const problem = (spec: unknown): string => {
  const r = loggingBackendSpecSchema.safeParse(spec);
  if (r.success) throw new Error('expected a problem');
  return describeSpecIssue(r.error);
};

describe('loggingBackendSpecSchema', () => {
  it('accepts each kind and tells which it is', () => {
    const specs = [
      { file: { path: '/var/log/app/*.log', format: 'json' } },
      { loki: { url: 'http://loki:3100', query: '{job="a"}' } },
      { opensearch: { connection: 'connection://default/os', index: 'logs-*' } },
      { elasticsearch: { url: 'https://es:9200', index: 'app', messageField: 'msg' } },
      { kubernetes: { connection: 'cluster', namespace: 'shop', labels: { app: 'api' } } },
      { server: {} },
    ];
    expect(specs.map((s) => loggingBackendKind(loggingBackendSpecSchema.parse(s)))).toEqual([
      'file',
      'loki',
      'opensearch',
      'elasticsearch',
      'kubernetes',
      'server',
    ]);
  });

  it('names the field of each problem', () => {
    expect(problem({ loki: {} })).toBe('spec.loki.url: url or connection is required');
    expect(problem({ loki: { url: 'loki:3100' } })).toBe('spec.loki.url: must be an http or https URL');
    expect(problem({ file: {} })).toMatch(/^spec\.file\.path: /);
    expect(problem({ opensearch: { url: 'http://os' } })).toMatch(/^spec\.opensearch\.index: /);
    expect(problem({ kubernetes: { connection: 'c' } })).toMatch(/^spec\.kubernetes\.namespace: /);
    expect(problem({ file: { path: '/x', tail: true } })).toMatch(/^spec\.file: .*tail/);
    expect(problem({ graylog: {} })).toBe(
      'spec.graylog: is not a log backend kind; use one of file, loki, opensearch, elasticsearch, kubernetes, server',
    );
    expect(problem({})).toBe('spec: must hold exactly one of file, loki, opensearch, elasticsearch, kubernetes, server (found 0)');
    expect(problem({ file: { path: '/x' }, server: {} })).toMatch(/found 2/);
    expect(problem('loki')).toMatch(/^spec: must be an object/);
  });
});

describe('logSelectorSchema', () => {
  it('takes a name with an optional backend, type, labels and query, and names a bad field', () => {
    expect(logSelectorSchema.parse({ name: 'app', type: 'loki', labels: { app: 'a' } })).toEqual({
      name: 'app',
      type: 'loki',
      labels: { app: 'a' },
    });
    const r = logSelectorSchema.safeParse({ name: 'app', type: 'graylog' });
    expect(r.success).toBe(false);
    if (!r.success) expect(describeSpecIssue(r.error, 'logs[0]')).toMatch(/^logs\[0\]\.type: must be one of/);
  });
});
