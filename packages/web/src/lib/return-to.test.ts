import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

const origin = 'https://ops.example.com';

describe('safeReturnTo', () => {
  it('keeps same-origin paths with their search and hash', () => {
    expect(safeReturnTo('/settings/jobs?status=FAILED#x', origin)).toBe('/settings/jobs?status=FAILED#x');
    expect(safeReturnTo('https://ops.example.com/health?layout=card', origin)).toBe('/health?layout=card');
  });

  it('refuses other origins, protocol-relative and script URLs', () => {
    expect(safeReturnTo('https://evil.example.net/steal', origin)).toBe('/');
    expect(safeReturnTo('//evil.example.net/steal', origin)).toBe('/');
    expect(safeReturnTo('javascript:alert(1)', origin)).toBe('/');
    expect(safeReturnTo('/\\evil.example.net', origin)).toBe('/');
  });

  it('falls back to / when empty or pointing back at the sign-in pages', () => {
    expect(safeReturnTo(null, origin)).toBe('/');
    expect(safeReturnTo('', origin)).toBe('/');
    expect(safeReturnTo('/login?return_to=/x', origin)).toBe('/');
    expect(safeReturnTo('/auth-state-checker', origin)).toBe('/');
  });
});
