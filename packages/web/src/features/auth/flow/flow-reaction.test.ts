import { FLOW_ERROR_TOASTS } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-errors';
import { passwordLoginFlow } from '../test/flow-fixtures';
import { flowReaction } from './flow-reaction';

const fail = (status: number, id: string | undefined, extra: Record<string, unknown> = {}) =>
  new ApiError('x', status, { error: { id, code: status, status: 'x', message: 'server message', reason: 'the reason' }, ...extra });

describe('flow error reactions', () => {
  const rt = '/settings/jobs?x=1';
  it('redirects for session states', () => {
    expect(flowReaction(fail(403, 'session_aal2_required', { redirect_browser_to: '/login?aal=aal2&return_to=%2F' }), 'login', rt)).toEqual(
      {
        type: 'redirect',
        to: '/login?aal=aal2&return_to=%2F',
      },
    );
    expect(flowReaction(fail(403, 'session_aal2_required'), 'settings', rt)).toEqual({
      type: 'redirect',
      to: '/login?aal=aal2&return_to=%2Fsettings%2Fjobs%3Fx%3D1',
    });
    expect(flowReaction(fail(400, 'session_already_available'), 'login', rt)).toEqual({ type: 'redirect', to: '/' });
    expect(flowReaction(fail(403, 'session_refresh_required'), 'settings', '/profile-settings')).toEqual({
      type: 'redirect',
      to: '/login?refresh=true&return_to=%2Fprofile-settings',
    });
    expect(
      flowReaction(fail(422, 'browser_location_change_required', { redirect_browser_to: 'http://idp.test/auth' }), 'login', rt),
    ).toEqual({
      type: 'redirect',
      to: 'http://idp.test/auth',
    });
    expect(flowReaction(fail(401, 'session_inactive'), 'settings', '/profile-settings')).toEqual({
      type: 'redirect',
      to: '/login?return_to=%2Fprofile-settings',
    });
  });

  it('toasts the flow error texts and restarts expired and CSRF-violating flows', () => {
    expect(flowReaction(fail(400, 'self_service_flow_return_to_forbidden'), 'login', rt)).toEqual({
      type: 'toast',
      message: 'The return_to address is not allowed.',
    });
    expect(flowReaction(fail(410, 'self_service_flow_expired', { use_flow_id: 'f2' }), 'login', rt)).toEqual({
      type: 'restart',
      toast: 'Your interaction expired, please fill out the form again.',
      flowId: 'f2',
    });
    expect(flowReaction(fail(403, 'security_csrf_violation'), 'login', rt)).toEqual({
      type: 'restart',
      toast: FLOW_ERROR_TOASTS.security_csrf_violation,
    });
    expect(flowReaction(fail(403, 'security_identity_mismatch'), 'settings', rt)).toEqual({ type: 'restart' });
  });

  it('restarts on 410 and, in verification, on 403; re-renders a 400 flow; toasts other errors', () => {
    expect(flowReaction(fail(410, undefined), 'recovery', rt)).toEqual({ type: 'restart' });
    expect(flowReaction(fail(403, undefined), 'verification', rt)).toEqual({ type: 'restart' });
    expect(flowReaction(fail(403, undefined), 'login', rt)).toEqual({ type: 'toast', message: 'the reason' });
    const flow = passwordLoginFlow('5f0c3c1e-1111-4b5b-9c2a-000000000002');
    expect(flowReaction(new ApiError('Bad', 400, flow), 'login', rt)).toEqual({ type: 'rerender', flow });
    expect(flowReaction(new Error('Network Error. Please try again.'), 'login', rt)).toEqual({
      type: 'toast',
      message: 'Network Error. Please try again.',
    });
  });
});
