import { loginBodySchema, type UiNode } from '@ops/shared';
import { secondFactors } from '../mfa/second-factor.js';
import { authenticationOptions, relyingParty } from '../mfa/webauthn.js';
import { flowErrors } from './flow-errors.js';
import type { FlowCall, FlowKindHandler } from './flow-engine.js';
import { isSecondFactor, type FlowRecord } from './flow-record.js';
import { loginSubmit } from './login-strategies.js';
import { input, msg, submit } from './nodes.js';
import { currentSession, sessionSufficient } from './session-cookie.js';

const LIFESPAN_MS = 60 * 60_000;

/**
 * The login flow: password (aal1), re-authentication ('Confirm Action', `refresh=true`), the second
 * factor (`aal=aal2`: TOTP, backup code, WebAuthn) and OIDC sign-in.
 */
export const loginHandler: FlowKindHandler = {
  kind: 'login',
  page: '/login',
  lifespanMs: () => LIFESPAN_MS,
  bodySchema: loginBodySchema,
  noStrategy: msg('loginNoStrategy'),
  retryMessage: msg('loginRetrySuccess'),
  expiredMessage: (minutes) => msg('loginFlowExpired', { minutes: minutes.toFixed(2) }),

  async init(call, query) {
    const wantsAal2 = query.aal === 'aal2';
    const current = await currentSession(call.request, call.s);
    if (!current) {
      if (wantsAal2) throw flowErrors.inactive();
      return { state: 'choose_method' };
    }
    const identityId = current.row.person_id;
    if (!sessionSufficient(current.row)) {
      const options = await webauthnOptions(call, identityId);
      return { state: 'choose_method', requestedAal: 'aal2', identityId, data: options ? { webauthn: options } : {} };
    }
    if (query.refresh !== 'true') throw flowErrors.alreadyAvailable();
    return { state: 'choose_method', refresh: true, requestedAal: current.row.aal, identityId };
  },

  // A re-authentication or second-factor flow belongs to the session that started it.
  async guard(call, flow) {
    if (!flow.identityId) return;
    const current = await currentSession(call.request, call.s);
    if (!current) throw flowErrors.inactive();
    if (current.row.person_id !== flow.identityId) throw flowErrors.identityMismatch();
  },

  async nodes(call, flow) {
    if (isSecondFactor(flow)) return secondFactorNodes(call, flow);
    const email = flow.refresh && flow.identityId ? (await call.s.credentials.identity(flow.identityId))?.email : undefined;
    const nodes: UiNode[] = [
      flow.refresh
        ? input('default', 'identifier', 'hidden', { value: email ?? '', required: true })
        : input('default', 'identifier', 'text', { required: true, autocomplete: 'username', label: msg('labelEmail') }),
      input('password', 'password', 'password', { required: true, autocomplete: 'current-password', label: msg('labelPassword') }),
      submit('password', 'method', 'password', msg('login')),
    ];
    if (!flow.refresh)
      for (const p of call.s.oidc.list())
        nodes.push(submit('oidc', 'provider', p.id, msg('loginWith', { provider: p.label, provider_id: p.id })));
    return nodes;
  },

  intrinsicMessages(flow) {
    if (isSecondFactor(flow)) return [msg('loginMfa')];
    return flow.refresh ? [msg('loginReAuth')] : [];
  },

  async extra(_call, flow) {
    return {
      refresh: flow.refresh,
      requested_aal: flow.requestedAal,
      organization_id: null,
      state: flow.completedAt ? 'passed_challenge' : 'choose_method',
    };
  },

  submit: loginSubmit,
};

async function secondFactorNodes(call: FlowCall, flow: FlowRecord): Promise<UiNode[]> {
  const has = await secondFactors(call.s, flow.identityId!);
  const nodes: UiNode[] = [];
  if (has.totp) {
    nodes.push(input('totp', 'totp_code', 'text', { required: true, autocomplete: 'one-time-code', label: msg('loginTotpLabel') }));
    nodes.push(submit('totp', 'method', 'totp', msg('loginTotp')));
  }
  if (has.lookup) {
    nodes.push(input('lookup_secret', 'lookup_secret', 'text', { required: true, autocomplete: 'off', label: msg('loginLookupLabel') }));
    nodes.push(submit('lookup_secret', 'method', 'lookup_secret', msg('loginLookup')));
  }
  const options = flow.data.webauthn as { options: string } | undefined;
  if (has.webauthn && options) {
    nodes.push(
      input('webauthn', 'webauthn_login_trigger', 'button', {
        value: options.options,
        onclickTrigger: 'oryWebAuthnLogin',
        label: msg('loginWebAuthn'),
      }),
    );
    nodes.push(input('webauthn', 'webauthn_login', 'hidden', { value: '' }));
  }
  return nodes;
}

// The WebAuthn request options (and their challenge) are fixed per flow.
async function webauthnOptions(call: FlowCall, identityId: string): Promise<{ options: string; challenge: string } | undefined> {
  const keys = await call.s.webauthn.list(identityId);
  if (!keys.length) return undefined;
  const options = await authenticationOptions(relyingParty(call.origin), keys);
  return { options: JSON.stringify(options), challenge: options.challenge };
}
