import { describe, expect, it } from 'vitest';
import { makeCheck } from '../test/check-factory';
import { filterChecks, hiddenPassingCount, isPassing, matchesLabels, matchesText } from './check-filters';
import { buildTabs, labelKeys, labelValues } from './check-tabs';

const base = { query: '', labels: {}, hidePassing: false, tabBy: 'namespace', tab: 'all' };

describe('dashboard filters', () => {
  it('treats healthy checks as passing, unhealthy and not yet run ones as not', () => {
    expect(isPassing(makeCheck())).toBe(true);
    expect(isPassing(makeCheck({ status: 'unhealthy' }))).toBe(false);
    expect(isPassing(makeCheck({ status: 'unknown', checkStatuses: [] }))).toBe(false);
  });

  it('searches name, description and endpoint case-insensitively', () => {
    const c = makeCheck({ name: 'Login API', description: 'checks sign-in', endpoint: 'https://auth.example.com/health' });
    expect(matchesText(c, 'login')).toBe(true);
    expect(matchesText(c, 'SIGN-IN')).toBe(true);
    expect(matchesText(c, 'auth.example')).toBe(true);
    expect(matchesText(c, 'billing')).toBe(false);
  });

  it('applies tri-state labels: includes must all match, excludes must not', () => {
    const c = makeCheck({ labels: { env: 'prod', team: 'core' } });
    expect(matchesLabels(c, { 'env=prod': 1 })).toBe(true);
    expect(matchesLabels(c, { 'env=prod': 1, 'team=web': 1 })).toBe(false);
    expect(matchesLabels(c, { 'env=prod': -1 })).toBe(false);
    expect(matchesLabels(c, { 'env=dev': -1 })).toBe(true);
    expect(matchesLabels(c, { team: 1 })).toBe(true);
  });

  it('hides passing checks and filters by tab in one pass', () => {
    const pass = makeCheck({ namespace: 'a' });
    const fail = makeCheck({ namespace: 'a', status: 'unhealthy' });
    const other = makeCheck({ namespace: '', status: 'unhealthy' });
    const all = [pass, fail, other];
    expect(filterChecks(all, { ...base, hidePassing: true })).toEqual([fail, other]);
    expect(filterChecks(all, { ...base, tab: 'a' })).toEqual([pass, fail]);
    expect(filterChecks(all, { ...base, tab: 'none' })).toEqual([other]);
  });

  it('counts the passing checks it hides within the search, labels and tab only', () => {
    const checks = [
      makeCheck({ name: 'api-login', labels: { env: 'prod' } }),
      makeCheck({ name: 'api-orders', labels: { env: 'dev' } }),
      makeCheck({ name: 'db-primary', labels: { env: 'prod' } }),
      makeCheck({ name: 'api-broken', status: 'unhealthy', labels: { env: 'prod' } }),
    ];
    const hide = { ...base, hidePassing: true };
    expect(hiddenPassingCount(checks, hide)).toBe(3);
    expect(hiddenPassingCount(checks, { ...hide, query: 'api' })).toBe(2);
    expect(hiddenPassingCount(checks, { ...hide, query: 'api', labels: { 'env=prod': 1 } })).toBe(1);
    expect(hiddenPassingCount(checks, { ...hide, query: 'api', labels: { 'env=prod': 1 }, tab: 'elsewhere' })).toBe(0);
    expect(hiddenPassingCount(checks, { ...base, query: 'api' })).toBe(0);
  });
});

describe('tabs and label options', () => {
  it("puts 'All' first, then sorted values, with 'none' for an empty namespace", () => {
    const checks = [
      makeCheck({ namespace: 'zeta' }),
      makeCheck({ namespace: '' }),
      makeCheck({ namespace: 'alpha' }),
      makeCheck({ namespace: 'alpha' }),
    ];
    expect(buildTabs(checks, 'namespace').map((t) => t.label)).toEqual(['All', 'alpha', 'none', 'zeta']);
  });

  it('names agent tabs by agent name and tabs by a label key', () => {
    const checks = [makeCheck({ agent_id: 'a1' }), makeCheck({ agent_id: 'a2', labels: { env: 'prod' } })];
    expect(buildTabs(checks, 'agent_id', { a1: 'west', a2: 'east' })).toEqual([
      { value: 'all', label: 'All' },
      { value: 'a2', label: 'east' },
      { value: 'a1', label: 'west' },
    ]);
    expect(buildTabs(checks, 'env').map((t) => t.value)).toEqual(['all', 'prod']);
  });

  it('lists label keys and values sorted', () => {
    const checks = [makeCheck({ labels: { team: 'b', env: 'prod' } }), makeCheck({ labels: { team: 'a' } })];
    expect(labelKeys(checks)).toEqual(['env', 'team']);
    expect(labelValues(checks)).toEqual([
      { key: 'env', values: ['prod'] },
      { key: 'team', values: ['a', 'b'] },
    ]);
  });
});
