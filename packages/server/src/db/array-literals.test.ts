import { describe, expect, it } from 'vitest';
import { timeArray, uuidArray } from './array-literals.js';

describe('array literals', () => {
  it('writes ids and times as PostgreSQL reads them, nulls as NULL', () => {
    expect(uuidArray(['0b7c5a8e-4d1f-4a3b-9c2e-1f2a3b4c5d6e', null, undefined])).toBe('{0b7c5a8e-4d1f-4a3b-9c2e-1f2a3b4c5d6e,NULL,NULL}');
    expect(timeArray([new Date(Date.UTC(2026, 10, 27, 20, 1, 2, 3)), null])).toBe('{2026-11-27T20:01:02.003Z,NULL}');
    expect(uuidArray([])).toBe('{}');
  });
});
