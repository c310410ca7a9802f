import { describe, expect, it } from 'vitest';
import { globMatch, matchLabel, matchQuery, resolveField } from './match-query.js';

const check = { name: 'http-pass', type: 'http', status: 'healthy', labels: { 'Expected-Fail': 'true', env: 'prod' }, latency: 120 };
const pod = { name: 'api-7d9', type: 'Kubernetes::Pod', tags: { cluster: 'homelab' }, created_at: '2024-01-02T00:00:00Z' };

describe('matchQuery', () => {
  it('matches the notification fixture query', () => {
    expect(matchQuery(check, 'type!=http labels.Expected-Fail!=true')).toBe(false);
    expect(matchQuery({ ...check, type: 'exec', labels: {} }, 'type!=http labels.Expected-Fail!=true')).toBe(true);
  });

  it.each([
    ['type=Kubernetes::Pod', true],
    ['type=Kubernetes::Pod tags.cluster=homelab', true],
    ['type=Kubernetes::Pod tags.cluster=other', false],
    ['type=Kubernetes::*', true],
    ['type=Kubernetes::Node,Kubernetes::Pod', true],
    ['type=!Kubernetes::Pod', false],
    ['api', true],
    ['-api', false],
    ['type=X | tags.cluster=homelab', true],
    ['(type=X | name=api*) tags.cluster=homelab', true],
    ['created_at>2023-12-31', true],
    ['created_at<2023-12-31', false],
    ['missing=x', false],
    ['missing!=x', true],
  ])('%s → %s', (q, ok) => expect(matchQuery(pod, q)).toBe(ok));

  it('compares numbers numerically', () => {
    expect(matchQuery(check, 'latency>100')).toBe(true);
    expect(matchQuery(check, 'latency<=99')).toBe(false);
  });

  it('reports malformed queries', () => {
    expect(() => matchQuery(pod, '(type=x')).toThrow("missing ')'");
    expect(() => matchQuery(pod, 'type="x')).toThrow('unterminated quote');
  });
});

describe('matchLabel and helpers', () => {
  const labels = { region: 'us-east-1', env: 'staging' };
  it.each([
    ['region', 'us-*', true],
    ['env', 'prod,staging', true],
    ['env', '!production', true],
    ['env', '!staging', false],
    ['optional', '!*', true],
    ['env', '!*', false],
    ['missing', 'x', false],
  ])('%s %s → %s', (k, p, ok) => expect(matchLabel(labels, k, p)).toBe(ok));

  it('resolves dotted fields and globs', () => {
    expect(resolveField({ 'a.b': 1, a: { b: 2 } }, 'a.b')).toBe(1);
    expect(resolveField({ a: { b: { c: 3 } } }, 'a.b.c')).toBe(3);
    expect(globMatch('*-prod', 'eu-prod')).toBe(true);
    expect(globMatch('a.b', 'axb')).toBe(false);
  });
});
