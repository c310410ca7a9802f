import { describe, expect, it } from 'vitest';
import { decodeLabelFilters, encodeLabelFilters, labelFilterParams } from './label-filter';

describe('label filters (key__:__value, comma separated)', () => {
  it('round-trips', () => {
    const raw = 'namespace__:__default,app__:__web';
    expect(decodeLabelFilters(raw)).toEqual([
      { key: 'namespace', value: 'default' },
      { key: 'app', value: 'web' },
    ]);
    expect(encodeLabelFilters(decodeLabelFilters(raw))).toBe(raw);
  });

  it('reads an empty value as "no such label" and skips malformed parts', () => {
    expect(decodeLabelFilters('zone__:__,junk,__:__x')).toEqual([{ key: 'zone', value: null }]);
    expect(decodeLabelFilters(null)).toEqual([]);
  });

  it('maps to labels->> filters', () => {
    expect(
      labelFilterParams([
        { key: 'namespace', value: 'default' },
        { key: 'zone', value: null },
        { key: 'app', value: 'a' },
        { key: 'app', value: 'b' },
      ]),
    ).toEqual({ 'labels->>namespace': 'eq.default', 'labels->>zone': 'is.null', 'labels->>app': 'in.("a","b")' });
  });
});
