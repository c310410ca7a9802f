import { describe, expect, it } from 'vitest';
import { avatarInitials, titleOrFallback } from './text.js';
import { decodeConfigType, encodeConfigType } from './config-type.js';

describe('titleOrFallback', () => {
  it("falls back to '(no title)' for missing or blank titles", () => {
    expect(titleOrFallback(undefined)).toBe('(no title)');
    expect(titleOrFallback(null)).toBe('(no title)');
    expect(titleOrFallback('   ')).toBe('(no title)');
    expect(titleOrFallback(' Disk full ')).toBe('Disk full');
  });
});

describe('avatarInitials (first letters of up to two words)', () => {
  it('takes the first letters of the first two words', () => {
    expect(avatarInitials('Ada Lovelace')).toBe('AL');
    expect(avatarInitials('ada byron lovelace')).toBe('AB');
    expect(avatarInitials('admin')).toBe('A');
    expect(avatarInitials('grace.hopper')).toBe('GH');
  });
  it('is empty for no name', () => {
    expect(avatarInitials('')).toBe('');
    expect(avatarInitials(undefined)).toBe('');
  });
  it('keeps non-ASCII letters whole', () => {
    expect(avatarInitials('Émile Ünal')).toBe('ÉÜ');
  });
});

describe("config type '::' ↔ '__'", () => {
  it('encodes and decodes every separator', () => {
    expect(encodeConfigType('Kubernetes::Pod')).toBe('Kubernetes__Pod');
    expect(encodeConfigType('AWS::EC2::Instance')).toBe('AWS__EC2__Instance');
    expect(decodeConfigType('AWS__EC2__Instance')).toBe('AWS::EC2::Instance');
    expect(decodeConfigType(encodeConfigType('Azure::VM'))).toBe('Azure::VM');
  });
});
