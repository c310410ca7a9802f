import { describe, expect, it } from 'vitest';
import { RenderedRows } from './rendered-rows.js';

describe('RenderedRows', () => {
  const row = (version: string) => ({ version, head: Buffer.from('{"id":"a"'), recent: Buffer.from('[]') });

  it('answers a copy only at the version it holds', () => {
    const rows = new RenderedRows();
    rows.set('a', row('7'));
    expect(rows.get('a', '7')?.head.toString()).toBe('{"id":"a"');
    expect(rows.get('a', '8')).toBeUndefined();
    expect(rows.get('b', '7')).toBeUndefined();
  });

  it('forgets checks that are no longer live', () => {
    const rows = new RenderedRows();
    rows.set('a', row('1'));
    rows.set('b', row('1'));
    rows.keepOnly(new Set(['b']));
    expect(rows.size).toBe(1);
    expect(rows.get('b', '1')).toBeDefined();
  });
});
