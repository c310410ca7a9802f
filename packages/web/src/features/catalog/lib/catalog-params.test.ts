import { describe, expect, it } from 'vitest';
import { CONFIG_LIST_SELECT, configListParams, readCatalogFilters, showsSummary, summaryRequest } from './catalog-params';

const read = (qs: string) => readCatalogFilters(new URLSearchParams(qs));

describe('catalogue URL params', () => {
  it("defaults groupBy to 'config_class,type' and sort to type ascending", () => {
    const f = read('');
    expect(f.groupBy).toEqual(['config_class', 'type']);
    expect([f.sortBy, f.sortOrder]).toEqual(['type', 'asc']);
  });

  it('shows the summary only without configType and search', () => {
    expect(showsSummary(read(''))).toBe(true);
    expect(showsSummary(read('configType=Kubernetes__Pod'))).toBe(false);
    expect(showsSummary(read('search=nginx'))).toBe(false);
    expect(showsSummary(read('configType=all'))).toBe(true);
  });

  it('ignores unknown sort columns', () => {
    expect(read('sortBy=drop_table').sortBy).toBe('type');
  });
});

describe('summary request', () => {
  it('passes groupBy, the filters and the 30-day windows; deleted only when shown', () => {
    const f = read('groupBy=cluster__tag,type&labels=app__:__web&health=unhealthy:1&status=Running:-1');
    expect(summaryRequest(f, true)).toEqual({
      groupBy: ['cluster__tag', 'type'],
      deleted: false,
      changes: { since: '30d' },
      analysis: { since: '30d' },
      cost: '30d',
      labels: 'app__:__web',
      health: 'unhealthy:1',
      status: 'Running:-1',
    });
    expect(summaryRequest(f, false).deleted).toBe(true);
  });
});

describe('flat list params (GET /configs)', () => {
  it('filters by type (decoding __ to ::), health, status, labels and hides deleted', () => {
    const p = configListParams(read('configType=Kubernetes__Pod&health=healthy:1,warning:1&status=Pending:-1&labels=app__:__web'), true);
    expect(p).toEqual({
      select: CONFIG_LIST_SELECT,
      type: 'eq.Kubernetes::Pod',
      health: 'in.(healthy,warning)',
      status: 'not.in.(Pending)',
      'labels->>app': 'eq.web',
      deleted_at: 'is.null',
      order: 'type.asc,name.asc',
    });
  });

  it('searches name, type, description and namespace', () => {
    expect(configListParams(read('search=ngi'), true).or).toBe(
      '(name.ilike.*ngi*,type.ilike.*ngi*,description.ilike.*ngi*,tags->>namespace.ilike.*ngi*)',
    );
  });

  it('sorts deleted rows first when they are shown, then the chosen column', () => {
    expect(configListParams(read('search=x&sortBy=changes&sortOrder=desc'), false).order).toBe(
      'deleted_at.desc.nullslast,changes.desc,name.asc',
    );
    expect(configListParams(read('search=x&groupByProp=cluster__tag'), true).order).toBe('tags->>cluster.asc.nullslast,type.asc,name.asc');
  });

  it('quotes search text holding reserved characters', () => {
    expect(configListParams(read('search=a,b'), true).or).toContain('name.ilike."*a,b*"');
  });

  it('filters tags like labels', () => {
    expect(configListParams(read('search=x&tags=cluster__:__prod'), true)['tags->>cluster']).toBe('eq.prod');
  });
});
