import { describe, expect, it } from 'vitest';
import type { PgrstError } from '../errors.js';
import { parseSelect } from './select.js';

const fail = (src: string): PgrstError => {
  try {
    parseSelect(src);
  } catch (e) {
    return e as PgrstError;
  }
  throw new Error(`parsed: ${src}`);
};

describe('parseSelect', () => {
  it('parses columns, star, aliases, casts and JSON paths', () => {
    expect(parseSelect('*')).toEqual([{ kind: 'star' }]);
    expect(parseSelect('id, name')).toEqual([
      { kind: 'field', field: { name: 'id', json: [] }, alias: undefined, cast: undefined },
      { kind: 'field', field: { name: 'name', json: [] }, alias: undefined, cast: undefined },
    ]);
    expect(parseSelect('n:name::text')).toEqual([{ kind: 'field', field: { name: 'name', json: [] }, alias: 'n', cast: 'text' }]);
    expect(parseSelect('data->a->>b')).toEqual([
      {
        kind: 'field',
        field: {
          name: 'data',
          json: [
            { arrow: '->', key: 'a', index: false },
            { arrow: '->>', key: 'b', index: false },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
    ]);
    expect(parseSelect('data->0->>-1')[0]).toMatchObject({
      field: {
        json: [
          { key: '0', index: true },
          { key: '-1', index: true },
        ],
      },
    });
  });

  it('parses identifiers with dashes, spaces, $ and quotes', () => {
    expect(parseSelect('my-col')[0]).toMatchObject({ field: { name: 'my-col' } });
    expect(parseSelect('"a,b"')[0]).toMatchObject({ field: { name: 'a,b' } });
    expect(parseSelect('"x\\"y"')[0]).toMatchObject({ field: { name: 'x"y' } });
    expect(parseSelect('cost$')[0]).toMatchObject({ field: { name: 'cost$' } });
  });

  it('parses embeds with aliases, hints, !inner/!left and nesting', () => {
    expect(parseSelect('*,owner:people!agents_person_id_fkey!inner(id,teams(*))')).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        name: 'people',
        alias: 'owner',
        hint: 'agents_person_id_fkey',
        join: 'inner',
        spread: false,
        children: [
          { kind: 'field', field: { name: 'id', json: [] }, alias: undefined, cast: undefined },
          { kind: 'embed', name: 'teams', alias: undefined, hint: undefined, join: undefined, spread: false, children: [{ kind: 'star' }] },
        ],
      },
    ]);
    expect(parseSelect('created_by(id)')[0]).toMatchObject({ kind: 'embed', name: 'created_by' });
    expect(parseSelect('rel!left()')[0]).toMatchObject({ kind: 'embed', join: 'left', children: [] });
    expect(parseSelect('...rel(a)')[0]).toMatchObject({ kind: 'embed', spread: true });
  });

  it('reports errors in PostgREST form (PGRST100 with line/column)', () => {
    const e = fail('id,,name');
    expect(e.status).toBe(400);
    expect(e.code).toBe('PGRST100');
    expect(e.message).toBe('"failed to parse select parameter (id,,name)" (line 1, column 4)');
    expect(e.details).toBe('unexpected "," expecting field name (* or [a..z0..9_$])');
    expect(fail('rel(id').message).toContain('column 7');
    expect(fail('name::').details).toContain('expecting letter or digit');
    expect(fail('id)').code).toBe('PGRST100');
    expect(fail('a!b!c!d(*)').code).toBe('PGRST100');
    expect(fail('"open').code).toBe('PGRST100');
    expect(fail('').code).toBe('PGRST100');
  });

  it('limits nesting depth', () => {
    const deep = 'a('.repeat(12) + 'id' + ')'.repeat(12);
    expect(fail(deep).details).toContain('limited');
  });
});
