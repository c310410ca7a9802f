import { describe, expect, it } from 'vitest';
import { runsQueryParams } from './runs-query';

describe('runsQueryParams', () => {
  it('filters by playbook, status, resource and time range, newest first', () => {
    expect(
      runsQueryParams(
        { playbookId: 'p1', status: 'failed', configId: 'c1', fromIso: '2026-01-01T00:00:00.000Z', toIso: '2026-01-08T00:00:00.000Z' },
        { limit: '150', offset: '300' },
      ),
    ).toEqual({
      limit: '150',
      offset: '300',
      order: 'created_at.desc',
      playbook_id: 'eq.p1',
      status: 'eq.failed',
      config_id: 'eq.c1',
      created_at: ['gte.2026-01-01T00:00:00.000Z', 'lte.2026-01-08T00:00:00.000Z'],
    });
  });

  it("drops 'all' and empty filters and keeps the table's order", () => {
    expect(runsQueryParams({ status: 'all', playbookId: '' }, { limit: '150', offset: '0', order: 'start_time.asc' })).toEqual({
      limit: '150',
      offset: '0',
      order: 'start_time.asc',
    });
  });
});
