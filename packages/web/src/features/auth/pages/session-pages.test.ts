import { describe, expect, it } from 'vitest';
import { ApiError, ForbiddenError, UnauthorizedError } from '../../../lib/api-errors';
import { successTarget } from '../flow/success-target';
import { inAppPath } from '../flow/use-go-to';
import { isProvisioning } from '../org/organization-gate';
import { refreshDelay } from '../org/organizations-api';
import { sessionCheckTarget } from './auth-state-checker-page';
import { errorCodeMessage, redirectsHome } from './error-page';
import { loginTitle } from './login-page';

describe('session check', () => {
  const rt = '/settings/jobs?status=FAILED';
  it('returns, or sends to sign-in, or to the second factor', () => {
    expect(sessionCheckTarget('ok', rt)).toBe(rt);
    expect(sessionCheckTarget(new UnauthorizedError('x', null), rt)).toBe('/login?return_to=%2Fsettings%2Fjobs%3Fstatus%3DFAILED');
    expect(sessionCheckTarget(new ForbiddenError('x', null), rt)).toBe('/login?aal=aal2&return_to=%2Fsettings%2Fjobs%3Fstatus%3DFAILED');
    expect(sessionCheckTarget(new ApiError('x', 422, null), rt)).toBe('/login?aal=aal2&return_to=%2Fsettings%2Fjobs%3Fstatus%3DFAILED');
    const aal2 = {
      error: { id: 'session_aal2_required', code: 403, status: 'Forbidden', message: 'm' },
      redirect_browser_to: '/login?aal=aal2&return_to=%2Fx',
    };
    expect(sessionCheckTarget(new ForbiddenError('x', aal2), rt)).toBe('/login?aal=aal2&return_to=%2Fx');
    expect(sessionCheckTarget(new ApiError('x', 500, null), rt)).toBeNull();
  });
});

describe('error page', () => {
  it('maps error codes to their texts', () => {
    expect(errorCodeMessage('BAD_SESSION')).toBe(
      'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
    );
    expect(errorCodeMessage('SOMETHING_ELSE')).toBe('Unknown error');
    expect(errorCodeMessage(null)).toBe('Unknown error');
  });
  it('sends flow-error fetches that answer 404, 403 or 410 home and shows the rest', () => {
    expect([403, 404, 410, 500, 400].map((s) => redirectsHome(new ApiError('x', s, null)))).toEqual([true, true, true, false, false]);
  });
});

describe('login helpers', () => {
  it('titles the flow: Confirm Action, Two-Factor Authentication or Sign In to your account', () => {
    expect(loginTitle({ refresh: true, requested_aal: 'aal1' }, null, null)).toBe('Confirm Action');
    expect(loginTitle({ refresh: false, requested_aal: 'aal2' }, null, null)).toBe('Two-Factor Authentication');
    expect(loginTitle(null, 'aal2', null)).toBe('Two-Factor Authentication');
    expect(loginTitle(null, null, null)).toBe('Sign In to your account');
  });
  it('follows the server hint, else return_to, and never leaves the origin', () => {
    const origin = window.location.origin;
    expect(
      successTarget({ continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: `${origin}/health?x=1` }] }, '/a', '/b'),
    ).toBe('/health?x=1');
    expect(
      successTarget({ continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: 'https://evil.example/' }] }, '/a', '/b'),
    ).toBe('/');
    expect(
      successTarget(
        { continue_with: [{ action: 'show_verification_ui', flow: { id: 'f1', verifiable_address: 'a@b.c' } }] },
        undefined,
        '/b',
      ),
    ).toBe('/verification?flow=f1');
    expect(successTarget({}, '/a', '/b')).toBe('/a');
    expect(successTarget(null, undefined, '/b')).toBe('/b');
    expect(inAppPath('/x?y=1', 'http://h.test')).toBe('/x?y=1');
    expect(inAppPath('http://other.test/x', 'http://h.test')).toBeNull();
  });
});

describe('organisation mode', () => {
  it('shows the provisioning wait for who-am-I 5xx or 404 only', () => {
    expect([500, 503, 404, 401, 403].map((s) => isProvisioning(new ApiError('x', s, null)))).toEqual([true, true, true, false, false]);
    expect(isProvisioning(new Error('network'))).toBe(false);
  });
  it('refreshes the organisation token a minute before it expires, within 10 s and 1 h', () => {
    const now = Date.parse('2024-01-01T00:00:00Z');
    expect(refreshDelay('2024-01-01T00:10:00Z', now)).toBe(540_000);
    expect(refreshDelay('2024-01-01T00:00:30Z', now)).toBe(10_000);
    expect(refreshDelay('2024-01-02T00:00:00Z', now)).toBe(3_600_000);
    expect(refreshDelay('not a date', now)).toBe(60_000);
  });
});
