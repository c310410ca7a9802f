import { describe, expect, it } from 'vitest';
import { decodeTriState, encodeTriState, nextTriState, quotePostgrestValue, setTriState, triStateToPostgrest } from './tri-state';

describe('tri-state encoding', () => {
  it('encodes include as 1 and exclude as -1 and drops 0', () => {
    expect(encodeTriState({ FAILED: 1, SUCCESS: -1, RUNNING: 0 })).toBe('FAILED:1,SUCCESS:-1');
    expect(encodeTriState({})).toBe('');
  });

  it('round-trips values holding the separators', () => {
    const map = { 'Kubernetes::Pod': 1, 'a,b': -1, '50%': 1 } as const;
    const encoded = encodeTriState(map);
    expect(encoded).not.toContain('a,b');
    expect(decodeTriState(encoded)).toEqual(map);
  });

  it('ignores malformed parts and unknown states', () => {
    expect(decodeTriState('FAILED:1,junk,SUCCESS:2,:1,WARNING:-1')).toEqual({ FAILED: 1, WARNING: -1 });
    expect(decodeTriState(null)).toEqual({});
    expect(decodeTriState('')).toEqual({});
  });

  it('cycles none → include → exclude → none', () => {
    expect(nextTriState(undefined)).toBe(1);
    expect(nextTriState(0)).toBe(1);
    expect(nextTriState(1)).toBe(-1);
    expect(nextTriState(-1)).toBe(0);
  });

  it('setTriState removes a value set to 0', () => {
    expect(setTriState({ A: 1, B: -1 }, 'A', 0)).toEqual({ B: -1 });
    expect(setTriState({}, 'A', -1)).toEqual({ A: -1 });
  });
});

describe('tri-state to PostgREST', () => {
  it('uses in.() for included values', () => {
    expect(triStateToPostgrest({ FAILED: 1, WARNING: 1 })).toBe('in.(FAILED,WARNING)');
  });

  it('uses not.in.() for excluded values when nothing is included', () => {
    expect(triStateToPostgrest({ SUCCESS: -1 })).toBe('not.in.(SUCCESS)');
    expect(triStateToPostgrest({ SUCCESS: -1, RUNNING: -1 })).toBe('not.in.(SUCCESS,RUNNING)');
  });

  it('lets inclusion win because the exclusion adds nothing then', () => {
    expect(triStateToPostgrest({ FAILED: 1, SUCCESS: -1 })).toBe('in.(FAILED)');
  });

  it('gives undefined for no active values', () => {
    expect(triStateToPostgrest({})).toBeUndefined();
    expect(triStateToPostgrest({ A: 0 })).toBeUndefined();
  });

  it('quotes values with reserved characters', () => {
    expect(quotePostgrestValue('plain_value-1')).toBe('plain_value-1');
    expect(quotePostgrestValue('a,b')).toBe('"a,b"');
    expect(quotePostgrestValue('say "hi"')).toBe('"say \\"hi\\""');
    expect(triStateToPostgrest({ 'x(y)': 1 })).toBe('in.("x(y)")');
  });
});
