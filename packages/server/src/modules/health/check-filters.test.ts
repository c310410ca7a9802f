import { describe, expect, it } from 'vitest';
import { parseCheckFilter, parseLabels } from './check-filters.js';

describe('check filters', () => {
  it('reads the dashboard labels map and plain pairs', () => {
    expect(parseLabels('{"env=prod":1,"team":-1,"x=y":0}')).toEqual({ include: ['env=prod'], exclude: ['team'] });
    expect(parseLabels('env=prod, tier=web')).toEqual({ include: ['env=prod', 'tier=web'], exclude: [] });
    expect(parseLabels(undefined)).toEqual({ include: [], exclude: [] });
  });

  it('refuses malformed values naming the parameter', () => {
    expect(() => parseLabels('{"env":2}')).toThrow(/labels: the state of "env" must be 1, -1 or 0/);
    expect(() => parseLabels('{nope')).toThrow(/labels: must be a JSON map/);
    expect(() => parseCheckFilter({ check_id: 'abc' })).toThrow(/check_id: "abc" is not a UUID/);
  });

  it('keeps ids, namespace, status, agent and text', () => {
    const id = '0186b7a4-0593-73e9-7e3d-5b3446336c1d';
    expect(parseCheckFilter({ check_id: id, namespace: 'ns', status: 'healthy', agent: 'local', query: ' api ' })).toMatchObject({
      checkIds: [id],
      namespace: 'ns',
      status: 'healthy',
      agent: 'local',
      query: 'api',
    });
  });
});
