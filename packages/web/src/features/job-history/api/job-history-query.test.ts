import { describe, expect, it } from 'vitest';
import { jobHistoryParams } from './job-history-query';

const paging = { limit: '50', offset: '100' };

describe('jobHistoryParams', () => {
  it('defaults to select=*, the paging, created_at.desc and the SUCCESS exclusion it is given', () => {
    expect(jobHistoryParams({ status: { SUCCESS: -1 } }, paging)).toEqual({
      select: '*',
      limit: '50',
      offset: '100',
      order: 'created_at.desc',
      status: 'not.in.(SUCCESS)',
    });
  });

  it('maps every filter to its PostgREST form and drops "all"', () => {
    const params = jobHistoryParams(
      {
        name: 'SyncCanaries',
        resourceType: 'all',
        resourceId: 'abc',
        status: { FAILED: 1, WARNING: 1 },
        duration: '30s',
        fromIso: '2026-01-01T00:00:00.000Z',
        toIso: '2026-01-03T00:00:00.000Z',
      },
      { ...paging, order: 'duration_millis.asc' },
    );
    expect(params).toEqual({
      select: '*',
      limit: '50',
      offset: '100',
      order: 'duration_millis.asc',
      name: 'eq.SyncCanaries',
      resource_id: 'eq.abc',
      status: 'in.(FAILED,WARNING)',
      duration_millis: 'gte.30000',
      created_at: ['gt.2026-01-01T00:00:00.000Z', 'lt.2026-01-03T00:00:00.000Z'],
    });
  });

  it('ignores an unparsable duration and an empty status filter', () => {
    const params = jobHistoryParams({ status: {}, duration: 'none', resourceType: 'canary' }, paging);
    expect(params.duration_millis).toBeUndefined();
    expect(params.status).toBeUndefined();
    expect(params.resource_type).toBe('eq.canary');
  });
});
