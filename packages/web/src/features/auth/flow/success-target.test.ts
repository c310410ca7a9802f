import { describe, expect, it } from 'vitest';
import { successTarget } from './success-target';

const hint = (to: string) => ({ continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: to }] });

describe('successTarget', () => {
  it("follows the server's second-factor redirect with the deep link in it", () => {
    const to = `/login?aal=aal2&return_to=${encodeURIComponent('/catalog/changes?page=2')}`;
    expect(successTarget(hint(`${window.location.origin}${to}`), '/catalog/changes?page=2', '/catalog/changes?page=2')).toBe(to);
    expect(successTarget(hint(to), undefined, '/')).toBe(to);
  });

  it('never leaves the origin, and a return_to never leads back to sign-in', () => {
    expect(successTarget(hint('https://elsewhere.example/x'), undefined, '/')).toBe('/');
    expect(successTarget({}, '/login?aal=aal2', '/')).toBe('/');
    expect(successTarget({}, '/health?query=x', '/')).toBe('/health?query=x');
    expect(successTarget(null, undefined, '/catalog')).toBe('/catalog');
  });
});
