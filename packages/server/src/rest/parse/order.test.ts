import { describe, expect, it } from 'vitest';
import type { PgrstError } from '../errors.js';
import { parseOrder } from './order.js';

describe('parseOrder', () => {
  it('parses directions, nulls placement, JSON paths and related terms', () => {
    expect(parseOrder('a.desc.nullslast,b,c.nullsfirst,d.asc')).toEqual([
      { relation: undefined, field: { name: 'a', json: [] }, direction: 'desc', nulls: 'last' },
      { relation: undefined, field: { name: 'b', json: [] } },
      { relation: undefined, field: { name: 'c', json: [] }, nulls: 'first' },
      { relation: undefined, field: { name: 'd', json: [] }, direction: 'asc' },
    ]);
    expect(parseOrder('data->>k.desc')[0]).toEqual({
      relation: undefined,
      field: { name: 'data', json: [{ arrow: '->>', key: 'k', index: false }] },
      direction: 'desc',
    });
    expect(parseOrder('owner(name).desc')[0]).toEqual({ relation: 'owner', field: { name: 'name', json: [] }, direction: 'desc' });
  });

  it('rejects unknown modifiers', () => {
    for (const bad of ['id.ac', 'id.descc', 'id.asc.nlsfst', 'id,', 'owner(a,b)']) {
      let e: PgrstError | undefined;
      try {
        parseOrder(bad);
      } catch (x) {
        e = x as PgrstError;
      }
      expect(e?.code, bad).toBe('PGRST100');
      expect(e?.message).toContain(`failed to parse order (${bad})`);
    }
  });
});
