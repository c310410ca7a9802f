import { describe, expect, it } from 'vitest';
import { changesRequest, recursiveMode, tagSelector, triStateToList } from './changes-params';

const scope = { hideDeleted: true, fromIso: '2026-01-01T00:00:00.000Z', toIso: '2026-01-03T00:00:00.000Z' };

describe('changes request', () => {
  it('uses the defaults: page 1 of 200, newest first, depth 5, deleted configs hidden', () => {
    expect(changesRequest(new URLSearchParams(), scope)).toEqual({
      page: 1,
      page_size: 200,
      sort_by: '-created_at',
      include_deleted_configs: false,
      depth: 5,
      from: scope.fromIso,
      to: scope.toIso,
    });
  });

  it('maps every filter param', () => {
    const params = new URLSearchParams(
      'configTypes=Kubernetes__Pod:1,Kubernetes__Node:-1&changeType=diff:1&severity=high:1&tags=cluster____prod:1,env____dev:-1' +
        '&summary=replicas&source=kubernetes&created_by=ada&external_created_by=bot&sortBy=change_type&sortDirection=asc&page=3&pageSize=50&id=abc',
    );
    expect(changesRequest(params, { ...scope, hideDeleted: false })).toMatchObject({
      id: 'abc',
      config_type: 'Kubernetes::Pod,!Kubernetes::Node',
      type: 'diff',
      severity: 'high',
      tags: 'cluster=prod,env!=dev',
      summary: 'replicas',
      source: 'kubernetes',
      created_by: 'ada',
      external_created_by: 'bot',
      sort_by: 'change_type',
      page: 3,
      page_size: 50,
      include_deleted_configs: true,
    });
  });

  it('scopes a config tab with Downstream on and Upstream off by default', () => {
    expect(changesRequest(new URLSearchParams('id=other'), { ...scope, configId: 'c1' })).toMatchObject({
      id: 'c1',
      recursive: 'downstream',
    });
    expect(changesRequest(new URLSearchParams('upstream=true'), { ...scope, configId: 'c1' }).recursive).toBe('all');
    expect(changesRequest(new URLSearchParams('downstream=false'), { ...scope, configId: 'c1' }).recursive).toBe('none');
  });

  it('ignores bad paging values', () => {
    expect(changesRequest(new URLSearchParams('page=0&pageSize=x'), scope)).toMatchObject({ page: 1, page_size: 200 });
  });
});

describe('helpers', () => {
  it('lists tri-state values with ! for exclusions', () => {
    expect(triStateToList({ a: 1, b: -1 })).toBe('a,!b');
    expect(triStateToList({})).toBeUndefined();
  });

  it('builds the tag selector', () => {
    expect(tagSelector({ app____web: 1, junk: 1 })).toBe('app=web');
  });

  it('maps the toggles to a recursion mode', () => {
    expect([recursiveMode(true, true), recursiveMode(true, false), recursiveMode(false, true), recursiveMode(false, false)]).toEqual([
      'all',
      'downstream',
      'upstream',
      'none',
    ]);
  });
});
