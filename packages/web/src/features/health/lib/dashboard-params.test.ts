import { describe, expect, it } from 'vitest';
import { encodeLabelsParam, parseLabelsParam, readHealthView } from './dashboard-params';

describe('health dashboard URL params', () => {
  it('uses the defaults when the URL is empty', () => {
    expect(readHealthView(new URLSearchParams())).toEqual({
      timeRange: '1h',
      layout: 'table',
      checkId: undefined,
      labels: {},
      query: '',
      groupBy: 'canary_name',
      tabBy: 'namespace',
      tab: 'all',
      hidePassing: true,
      sortBy: 'name',
      sortDesc: false,
      pivotBy: 'none',
      pivotLabel: undefined,
      pivotCellType: 'checkStatuses',
    });
  });

  it('reads every parameter and ignores values it does not know', () => {
    const view = readHealthView(
      new URLSearchParams(
        'timeRange=1d&layout=card&checkId=abc&labels=%7B%22env%3Dprod%22%3A1%7D&query=api&groupBy=team&tabBy=agent_id&tab=x&hidePassing=false&sortBy=uptime&sortDesc=true&pivotBy=labels&pivotLabel=cluster&pivotCellType=latency',
      ),
    );
    expect(view).toMatchObject({
      timeRange: '1d',
      layout: 'card',
      checkId: 'abc',
      labels: { 'env=prod': 1 },
      query: 'api',
      groupBy: 'team',
    });
    expect(view).toMatchObject({ tabBy: 'agent_id', tab: 'x', hidePassing: false, sortBy: 'uptime', sortDesc: true });
    expect(view).toMatchObject({ pivotBy: 'labels', pivotLabel: 'cluster', pivotCellType: 'latency' });
    const bad = readHealthView(new URLSearchParams('timeRange=7m&layout=grid&sortBy=size&pivotCellType=x&hidePassing=no'));
    expect(bad).toMatchObject({ timeRange: '1h', layout: 'table', sortBy: 'name', pivotCellType: 'checkStatuses', hidePassing: true });
  });

  it('keeps labels as a JSON map of label id to 1 or -1 and drops anything else', () => {
    expect(parseLabelsParam('{"a=b":1,"c=d":-1,"e=f":0,"g":"1"}')).toEqual({ 'a=b': 1, 'c=d': -1, g: 1 });
    expect(parseLabelsParam('not json')).toEqual({});
    expect(parseLabelsParam('[1]')).toEqual({});
    expect(encodeLabelsParam({ 'a=b': 1, 'c=d': -1, x: 0 })).toBe('{"a=b":1,"c=d":-1}');
    expect(encodeLabelsParam({ x: 0 })).toBeUndefined();
  });
});
