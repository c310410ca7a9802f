import { describe, expect, it } from 'vitest';
import { CanaryValidationError } from './validation-error.js';
import { parseCanary, validateCanary } from './parse-canary.js';

const yaml = (spec: string, meta = 'name: demo') => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  ${meta}
spec:
${spec}`;

function issues(text: string): string[] {
  return validateCanary(text).map((i) => `${i.path}: ${i.message}`);
}

describe('parseCanary', () => {
  it('expands checks with stable identities, defaults and inherited labels', () => {
    const c = parseCanary(
      yaml(
        `  schedule: "@every 1m"
  owner: team-a
  http:
    - name: home
      url: https://example.test/
      labels: { tier: web }
  tcp:
    - endpoint: db.test:5432
      severity: critical
  custom: { kept: true }`,
        'name: shop\n  namespace: prod\n  labels: { app: shop }',
      ),
    );
    expect(c.key).toBe('prod/shop');
    expect(c.schedule).toMatchObject({ kind: 'every', intervalMs: 60_000 });
    expect(c.checks.map((k) => k.key)).toEqual(['prod/shop/http/home', 'prod/shop/tcp/db.test:5432']);
    expect(c.checks[0]).toMatchObject({
      identity: { canary: 'prod/shop', type: 'http', name: 'home' },
      namespace: 'prod',
      owner: 'team-a',
      endpoint: 'https://example.test/',
      labels: { app: 'shop', tier: 'web' },
    });
    expect(c.checks[1]).toMatchObject({ name: 'db.test:5432', severity: 'critical' });
    // Unknown fields are kept, in the spec and in check entries.
    expect(c.document.spec.custom).toEqual({ kept: true });
  });

  it('keeps unknown fields of a check entry', () => {
    const c = parseCanary(yaml('  http:\n    - name: a\n      url: http://x.test\n      futureOption: 3'));
    expect(c.checks[0]!.spec.futureOption).toBe(3);
  });

  it('defaults the namespace and accepts JSON objects as well as YAML text', () => {
    const c = parseCanary({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'j' },
      spec: { exec: [{ name: 'e', script: 'true' }] },
    });
    expect(c.key).toBe('default/j');
    expect(c.schedule.kind).toBe('never');
  });

  it('names the field of every problem', () => {
    expect(issues(yaml('  schedule: "8 46 *"'))).toEqual([
      'spec.schedule: invalid cron expression "8 46 *": expected 5 or 6 fields, got 3',
    ]);
    expect(issues(yaml('  tcp:\n    - name: t\n      endpoint: https://www.flanksource.com:80'))).toEqual([
      'spec.tcp[0].endpoint: expected host:port, got "https://www.flanksource.com:80"',
    ]);
    expect(issues(yaml('  http:\n    - name: no-url'))).toEqual(['spec.http[0].url: is required']);
    expect(issues(yaml('  exec:\n    - name: e'))).toEqual(['spec.exec[0].script: is required']);
    expect(issues(yaml('  icmp:\n    - endpoint: h\n      packetCount: -1'))).toEqual(['spec.icmp[0].packetCount: must be 0 or more']);
    expect(issues(yaml('  http:\n    - name: x\n      url: http://a\n      responseCodes: [99]'))[0]).toMatch(
      /^spec\.http\[0\]\.responseCodes\[0\]: /,
    );
    expect(issues(yaml('  dns:\n    - query: a.test\n      querytype: AXFR'))[0]).toMatch(
      /^spec\.dns\[0\]\.querytype: unknown query type "AXFR"/,
    );
    expect(issues(yaml('  http: {}'))).toEqual(['spec.http: must be a list of checks']);
    expect(issues(yaml('  exec: []', 'labels: {}'))).toEqual(['metadata.name: is required']);
    expect(issues('apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec: {}')).toEqual([
      'apiVersion: must be canaries.flanksource.com/v1',
      'kind: must be Canary',
    ]);
  });

  it('accepts javascript in test, display and transform that compiles, and refuses what does not, naming the field', () => {
    expect(issues(yaml('  exec:\n    - name: e\n      script: "true"\n      transform:\n        javascript: "1"'))).toEqual([]);
    expect(issues(yaml('  exec:\n    - name: e\n      script: "true"\n      display:\n        javascript: "var = 1"'))).toEqual([
      'spec.exec[0].display.javascript: SyntaxError: variable name expected at line 1, column 5',
    ]);
    expect(issues(yaml('  exec:\n    - name: e\n      script: "true"\n      test:\n        javascript: "code ==="'))[0]).toMatch(
      /^spec\.exec\[0\]\.test\.javascript: SyntaxError: /,
    );
  });

  it('refuses duplicate names and broken dependsOn', () => {
    expect(issues(yaml('  exec:\n    - {name: a, script: "true"}\n    - {name: a, script: "true"}'))).toEqual([
      'spec.exec[1].name: duplicate check name "a"',
    ]);
    expect(issues(yaml('  exec:\n    - {name: a, script: "true", dependsOn: [zz]}'))).toEqual([
      'spec.exec[0].dependsOn[0]: check "a" depends on non-existent check "zz"',
    ]);
    expect(
      issues(yaml('  exec:\n    - {name: a, script: "true", dependsOn: [b]}\n    - {name: b, script: "true", dependsOn: [a]}'))[0],
    ).toMatch(/circular dependency/);
  });

  it('throws CanaryValidationError with a message that starts with the field', () => {
    expect(() => parseCanary(yaml('  schedule: "* *"'))).toThrow(CanaryValidationError);
    expect(() => parseCanary(yaml('  schedule: "* *"'))).toThrow(/^spec\.schedule: /);
    expect(() => parseCanary('a: [')).toThrow(/invalid YAML/);
    expect(() => parseCanary('---\na: 1\n---\nb: 2\n')).toThrow('expected one Canary document, found 2');
  });
});
