import { describe, expect, it } from 'vitest';
import { parseCanary } from '../canary/parse-canary.js';
import { runEntry } from '../../../../test/peers/canary-helpers.js';
import { runCanary } from './run-canary.js';

const json = (v: unknown) => `echo '${JSON.stringify(v)}'`;

describe('test, display and metrics', () => {
  it('renders display from a Go template or a CEL expression into message and display', async () => {
    const t = await runEntry('exec', { script: 'echo world', display: { template: 'hello {{ .results.stdout }} from {{ .check.name }}' } });
    expect(t).toMatchObject({ pass: true, display: 'hello world from exec-check', message: 'hello world from exec-check' });
    const e = await runEntry('exec', { script: 'echo 41', display: { expr: "'answer=' + string(int(results.stdout) + 1)" } });
    expect(e.message).toBe('answer=42');
  });

  it('fails when a test is false or does not return a boolean, keeping the reason', async () => {
    const f = await runEntry('exec', { script: 'echo x', test: { template: '{{ eq .results.stdout "y" }}' } });
    expect(f).toMatchObject({ pass: false });
    const bad = await runEntry('exec', { script: 'echo x', test: { expr: 'results.stdout' } });
    expect(bad).toMatchObject({ pass: false, error: 'test: test expression did not return a boolean value. got x' });
    const broken = await runEntry('exec', { script: 'echo x', test: { expr: 'results.nope.deeper == 1' } });
    expect(broken.pass).toBe(false);
    expect(broken.error).toMatch(/^test: cel: /);
  });

  it('computes metrics from CEL values and labels', async () => {
    const r = await runEntry('exec', {
      script: 'echo 7',
      metrics: [
        {
          name: 'items',
          type: 'gauge',
          value: 'int(results.stdout) * 2',
          labels: [
            { name: 'fixed', value: 'a' },
            { name: 'who', valueExpr: 'check.name' },
          ],
        },
      ],
    });
    expect(r.metrics).toEqual([{ name: 'items', type: 'gauge', value: 14, labels: { fixed: 'a', who: 'exec-check' } }]);
  });
});

describe('javascript test, display and transform (QuickJS sandbox)', () => {
  it('sees the result variables as canary-checker gives them: display is the completion value, test a boolean', async () => {
    const r = await runEntry('exec', {
      script: json({ rates: { EUR: 0.9, GBP: 0.8 } }),
      display: {
        javascript:
          'var out = []; var rates = JSON.parse(results.stdout).rates;\nfor (var c in rates) out.push(c + "=" + rates[c]);\n"$1: " + out.join(", ")',
      },
      test: { javascript: 'JSON.parse(results.stdout).rates.EUR < 1 && check.name == "exec-check" && duration >= 0' },
    });
    expect(r).toMatchObject({ pass: true, display: '$1: EUR=0.9, GBP=0.8', message: '$1: EUR=0.9, GBP=0.8' });
    // An exec check's failed test reports its output, as canary-checker does.
    const failing = await runEntry('exec', { script: 'echo x', test: { javascript: 'results.stdout == "y"' } });
    expect(failing).toMatchObject({ pass: false, error: 'x' });
  });

  it('a transform returning an object edits the result; a script that throws or loops fails the check with the reason', async () => {
    const t = await runEntry('exec', {
      script: 'echo 1',
      transform: { javascript: '({ pass: false, message: "from js " + results.stdout })' },
    });
    expect(t).toMatchObject({ pass: false, message: 'from js 1' });
    const thrown = await runEntry('exec', { script: 'echo 1', display: { javascript: 'results.nope.x' } });
    expect(thrown).toMatchObject({ pass: false, error: "display: TypeError: cannot read property 'x' of undefined at line 1, column 13" });
    const looping = await runEntry('exec', { script: 'echo 1', test: { javascript: 'while (true) {}' } });
    expect(looping).toMatchObject({ pass: false, error: 'test: script did not finish within 2000 ms' });
  });
});

describe('transform', () => {
  it('edits the result in place when it returns one entry without a new name', async () => {
    const r = await runEntry('exec', {
      script: json({ ok: false }),
      transform: { expr: "{'pass': false, 'message': 'custom', 'data': {'extra': 1}}.toJSON()" },
    });
    expect(r).toMatchObject({ pass: false, message: 'custom', transformed: [] });
    expect(r.data.extra).toBe(1);
  });

  it('fans out into named checks that keep their own status', async () => {
    const script = json({
      items: [
        { n: 'alpha', ok: true },
        { n: 'beta', ok: false },
      ],
    });
    const r = await runEntry('exec', {
      script,
      icon: 'icon-x',
      transform: { expr: "results.stdout.JSON().items.map(i, {'name': i.n, 'pass': i.ok, 'labels': {'from': 'transform'}}).toJSON()" },
    });
    expect(r.pass).toBe(true);
    expect(r.detail).toBeUndefined();
    expect(r.transformed.map((t) => [t.name, t.type, t.icon, t.labels.from, t.result.pass, t.result.identity.name])).toEqual([
      ['alpha', 'exec', 'icon-x', 'transform', true, 'alpha'],
      ['beta', 'exec', 'icon-x', 'transform', false, 'beta'],
    ]);
  });

  it('makes the result invalid when the transform output is not usable', async () => {
    const r = await runEntry('exec', { script: 'true', transform: { template: 'not json' } });
    expect(r).toMatchObject({ pass: false, invalid: true });
    expect(r.error).toMatch(/^error transforming result: transform did not return JSON/);
    const two = await runEntry('exec', { script: 'true', transform: { template: '[{"pass":true},{"pass":false}]' } });
    expect(two.error).toBe('error transforming result: transformation returned more than 1 entry without a name');
  });
});

describe('runCanary', () => {
  it('runs dependencies first and exposes the outputs of passing ones', async () => {
    const canary = parseCanary({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'deps' },
      spec: {
        exec: [
          {
            name: 'second',
            script: 'echo "got:$X"',
            env: [{ name: 'X', value: 'unused' }],
            dependsOn: ['first'],
            display: { expr: "'from first: ' + outputs.first.results.stdout" },
          },
          { name: 'first', script: 'sleep 0.2; echo token-123' },
        ],
      },
    });
    const results = await runCanary(canary, { timeoutMs: 5000 });
    expect(results.map((r) => r.identity.name)).toEqual(['second', 'first']);
    expect(results[0]).toMatchObject({ pass: true, message: 'from first: token-123' });
  });

  it('reports types that cannot run here as invalid with the reason', async () => {
    const canary = parseCanary({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'x' },
      spec: { ldap: [{ name: 'directory', connection: 'ldap://h' }], s3: [{ name: 'bucket' }] },
    });
    const results = await runCanary(canary);
    expect(results.map((r) => [r.invalid, r.error])).toEqual([
      [true, 's3 checks are recognised but cannot run here: they need an AWS account'],
      [true, 'ldap checks are recognised but cannot run here: they need an LDAP client'],
    ]);
  });
});
