import type { LoginBody } from '@ops/shared';
import { ACCOUNT_LIMITS } from '../attempt-limiter.js';
import { useLookupFor, verifyTotpFor, verifyWebAuthnFor } from '../mfa/second-factor.js';
import { relyingParty } from '../mfa/webauthn.js';
import { flowErrors } from './flow-errors.js';
import type { FlowCall, SubmitResult } from './flow-engine.js';
import { isSecondFactor, type FlowRecord } from './flow-record.js';
import { msg } from './nodes.js';
import { startOidc } from './oidc-start.js';
import { currentSession, issueSession, method } from './session-cookie.js';
import { aal2LoginUrl, signedIn } from './success.js';

/** Submit of the login flow: one strategy per `method`. */
export async function loginSubmit(call: FlowCall, flow: FlowRecord, raw: Record<string, unknown>): Promise<SubmitResult> {
  const body = raw as LoginBody;
  const noStrategy: SubmitResult = { type: 'flow', status: 400, view: { messages: [msg('loginNoStrategy')] } };
  if (body.method === 'password') return isSecondFactor(flow) ? noStrategy : password(call, flow, body.identifier, body.password);
  if (body.method === 'oidc') {
    if (isSecondFactor(flow) || flow.refresh) return noStrategy;
    return startOidc(call, flow, body.provider);
  }
  if (!isSecondFactor(flow)) return noStrategy;
  return secondFactor(call, flow, body);
}

async function password(call: FlowCall, flow: FlowRecord, identifier: string, pw: string): Promise<SubmitResult> {
  const { s } = call;
  const { person, blocked, retryAfter } = await s.identity.verifyLimited(identifier, pw, call.request.ip);
  if (blocked) {
    call.reply.header('retry-after', String(retryAfter));
    throw flowErrors.tooMany();
  }
  if (!person) return { type: 'flow', status: 400, view: { messages: [msg('invalidCredentials')], values: { identifier } } };
  if (flow.refresh && person.id !== flow.identityId) throw flowErrors.identityMismatch();
  if (!(await s.flows.claim(flow.id))) return { type: 'flow', status: 400, view: { messages: [msg('loginRetrySuccess')] } };
  const current = flow.refresh ? await currentSession(call.request, s) : undefined;
  const methods = [...(current?.row.methods ?? []), method('password', 'aal1')];
  const session = await issueSession(call.request, call.reply, s, flow.type, person.id, {
    aal: current?.row.aal ?? 'aal1',
    methods,
    replaces: current,
  });
  // With a second factor the session is aal1 until it is completed on /login?aal=aal2.
  const next = session.row.needs_aal2 && session.row.aal !== 'aal2' ? aal2LoginUrl(flow.returnTo) : undefined;
  return { type: 'body', status: 200, body: await signedIn(call, flow, session, next) };
}

async function secondFactor(call: FlowCall, flow: FlowRecord, body: LoginBody): Promise<SubmitResult> {
  const { s } = call;
  const identityId = flow.identityId!;
  const key = `aal2:${identityId}`;
  if (await s.limiter.blocked(key, ACCOUNT_LIMITS.secondFactor)) throw flowErrors.tooMany();
  const fail = async (view: NonNullable<Extract<SubmitResult, { type: 'flow' }>['view']>): Promise<SubmitResult> => {
    await s.limiter.hit(key, ACCOUNT_LIMITS.secondFactor);
    return { type: 'flow', status: 400, view };
  };
  if (body.method === 'totp') {
    const r = await verifyTotpFor(s, identityId, body.totp_code);
    if (r === 'none') return { type: 'flow', status: 400, view: { messages: [msg('noTotpDevice')] } };
    if (r === 'wrong') return fail({ nodeMessages: { totp_code: [msg('totpWrong')] } });
  } else if (body.method === 'lookup_secret') {
    const r = await useLookupFor(s, identityId, body.lookup_secret);
    if (r === 'none') return { type: 'flow', status: 400, view: { messages: [msg('noLookup')] } };
    if (r === 'used') return fail({ nodeMessages: { lookup_secret: [msg('lookupAlreadyUsed')] } });
    if (r === 'invalid') return fail({ nodeMessages: { lookup_secret: [msg('lookupInvalid')] } });
  } else if (body.method === 'webauthn') {
    const challenge = (flow.data.webauthn as { challenge?: string } | undefined)?.challenge;
    let response: unknown;
    try {
      response = JSON.parse(body.webauthn_login ?? '');
    } catch {
      response = undefined;
    }
    if (!challenge) return { type: 'flow', status: 400, view: { messages: [msg('noWebAuthnDevice')] } };
    if (!response || !(await verifyWebAuthnFor(s, relyingParty(call.origin), identityId, challenge, response))) {
      return fail({ messages: [msg('noWebAuthnUser')] });
    }
  } else {
    return { type: 'flow', status: 400, view: { messages: [msg('loginNoStrategy')] } };
  }
  if (!(await s.flows.claim(flow.id))) return { type: 'flow', status: 400, view: { messages: [msg('loginRetrySuccess')] } };
  await s.limiter.reset(key);
  const current = await currentSession(call.request, s);
  const methods = [...(current?.row.methods ?? []), method(body.method, 'aal2')];
  // Reaching aal2 is a privilege change: a new session id replaces the aal1 one.
  const session = await issueSession(call.request, call.reply, s, flow.type, identityId, { aal: 'aal2', methods, replaces: current });
  return { type: 'body', status: 200, body: await signedIn(call, flow, session) };
}
