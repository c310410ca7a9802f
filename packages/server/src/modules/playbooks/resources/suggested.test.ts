import { describe, expect, it } from 'vitest';
import { isSuggested } from './suggested.js';

describe('isSuggested', () => {
  const failing = { id: 'c1', name: 'api', status: 'unhealthy', labels: { team: 'api' }, canary: { name: 'probes' } };
  const passing = { ...failing, status: 'healthy' };

  it('offers a failed-canary playbook for a failing check and a passed one for a passing check', () => {
    const onFailed = { on: { canary: [{ event: 'failed' }] } };
    expect(isSuggested(onFailed, { check: failing })).toBe(true);
    expect(isSuggested(onFailed, { check: passing })).toBe(false);
    expect(isSuggested({ on: { canary: [{ event: 'passed' }] } }, { check: passing })).toBe(true);
    expect(isSuggested(onFailed, { check: { ...failing, status: 'unknown' } })).toBe(false);
  });

  it('needs the CEL filter to hold and the labels to match', () => {
    const spec = (filter: string, labels?: Record<string, string>) => ({ on: { canary: [{ event: 'failed', filter, labels }] } });
    expect(isSuggested(spec('check.name == "api" && canary.name == "probes"'), { check: failing })).toBe(true);
    expect(isSuggested(spec('check.name == "web"'), { check: failing })).toBe(false);
    expect(isSuggested(spec('', { team: 'api' }), { check: failing })).toBe(true);
    expect(isSuggested(spec('', { team: 'db' }), { check: failing })).toBe(false);
    // An expression that cannot be evaluated suggests nothing rather than failing the menu.
    expect(isSuggested(spec('check.nope.deeper == 1'), { check: failing })).toBe(false);
    expect(isSuggested(spec('this is not cel'), { check: failing })).toBe(false);
  });

  it('matches config and component health events, and never a playbook without event triggers', () => {
    const config = { id: 'x', name: 'pod', type: 'Kubernetes::Pod', health: 'unhealthy' };
    expect(isSuggested({ on: { config: [{ event: 'unhealthy', filter: 'config.type == "Kubernetes::Pod"' }] } }, { config })).toBe(true);
    expect(isSuggested({ on: { config: [{ event: 'warning' }] } }, { config })).toBe(false);
    expect(isSuggested({ on: { config: [{ event: 'updated' }] } }, { config })).toBe(false);
    expect(isSuggested({ on: { component: [{ event: 'unhealthy' }] } }, { component: { health: 'unhealthy' } })).toBe(true);
    expect(isSuggested({ on: { component: [{ event: 'unhealthy' }] } }, { config })).toBe(false);
    expect(isSuggested({}, { config })).toBe(false);
    expect(isSuggested({ on: { config: [{ event: 'unhealthy' }] } }, {})).toBe(false);
  });
});
