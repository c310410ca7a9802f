import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid.js';

describe('isUuid', () => {
  it('accepts canonical UUIDs in either case and nothing else', () => {
    expect(isUuid('5f0c3c1e-1111-4b5b-9c2a-000000000001')).toBe(true);
    expect(isUuid('5F0C3C1E-1111-4B5B-9C2A-00000000000A')).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid('5f0c3c1e11114b5b9c2a000000000001')).toBe(false);
    expect(isUuid('5f0c3c1e-1111-4b5b-9c2a-000000000001 ')).toBe(false);
    expect(isUuid('')).toBe(false);
  });
});
