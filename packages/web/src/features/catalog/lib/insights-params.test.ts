import { describe, expect, it } from 'vitest';
import { cutMessage, insightParams } from './insights-params';

const paging = { limit: '50', offset: '0' };

describe('insight params', () => {
  it('selects the config with the insight and orders by last observed', () => {
    expect(insightParams(new URLSearchParams(), paging)).toEqual({
      select: '*,config:config_id!inner(id,name,type,config_class),status_updater:status_updated_by(id,name)',
      limit: '50',
      offset: '0',
      order: 'last_observed.desc',
    });
  });

  it('maps the filters, lowercasing severity and status, and drops all', () => {
    const p = insightParams(new URLSearchParams('status=Open&severity=High&type=security&analyzer=all&configType=Kubernetes__Pod'), paging);
    expect(p).toMatchObject({ status: 'eq.open', severity: 'eq.high', analysis_type: 'eq.security', 'config.type': 'eq.Kubernetes::Pod' });
    expect(p.analyzer).toBeUndefined();
  });

  it('filters by component through the items linked to it', () => {
    const p = insightParams(new URLSearchParams('component=c9&type=security'), paging);
    expect(p.select).toBe(
      '*,config:config_id!inner(id,name,type,config_class,links:config_component_relationships!inner()),status_updater:status_updated_by(id,name)',
    );
    expect(p).toMatchObject({ 'config.links.component_id': 'eq.c9', 'config.links.deleted_at': 'is.null', analysis_type: 'eq.security' });
    expect(insightParams(new URLSearchParams('component=all'), paging)['config.links.component_id']).toBeUndefined();
  });

  it('scopes to one config on its tab', () => {
    expect(insightParams(new URLSearchParams('configType=X'), paging, 'c1')).toMatchObject({ config_id: 'eq.c1' });
    expect(insightParams(new URLSearchParams('configType=X'), paging, 'c1')['config.type']).toBeUndefined();
  });
});

describe('insight message', () => {
  it('is cut to 500 characters', () => {
    expect(cutMessage('a'.repeat(500))).toBe('a'.repeat(500));
    expect(cutMessage('a'.repeat(501))).toBe(`${'a'.repeat(500)}…`);
    expect(cutMessage(null)).toBe('');
  });
});
