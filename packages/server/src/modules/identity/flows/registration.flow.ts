import { registrationBodySchema, type ContinueWith, type RegistrationBody, type UiNode } from '@ops/shared';
import { isPgError } from '../../../db/pg-error.js';
import type { MailMessage } from '../../mail/index.js';
import { hashPassword } from '../passwords.js';
import { flowErrors } from './flow-errors.js';
import type { FlowCall, FlowKindHandler, SubmitResult } from './flow-engine.js';
import { input, msg, submit } from './nodes.js';
import { startOidc } from './oidc-start.js';
import { emailProblem, passwordProblem } from './password-policy.js';
import { currentSession, sessionSufficient } from './session-cookie.js';
import { startVerificationFor } from './verification.flow.js';

const LIFESPAN_MS = 60 * 60_000;

/**
 * Self-registration: off unless OPS_ALLOW_REGISTRATION=true; new people get no roles (viewers). The answer
 * is the same whether or not the address already has an account (no session: the person verifies the
 * address and signs in), so registration cannot be used to learn who has an account.
 */
export const registrationHandler: FlowKindHandler = {
  kind: 'registration',
  page: '/registration',
  lifespanMs: () => LIFESPAN_MS,
  bodySchema: registrationBodySchema,
  noStrategy: msg('registrationNoStrategy'),
  retryMessage: msg('registrationRetrySuccess'),
  expiredMessage: (minutes) => msg('registrationFlowExpired', { minutes: minutes.toFixed(2) }),

  async init(call) {
    if (call.s.config.OPS_ALLOW_REGISTRATION !== 'true') throw flowErrors.disabled('Registration');
    const current = await currentSession(call.request, call.s);
    if (current && sessionSufficient(current.row)) throw flowErrors.alreadyAvailable();
    return { state: 'choose_method' };
  },

  async guard(call) {
    if (call.s.config.OPS_ALLOW_REGISTRATION !== 'true') throw flowErrors.disabled('Registration');
  },

  async nodes(call) {
    const nodes: UiNode[] = [
      input('password', 'traits.email', 'email', { required: true, autocomplete: 'email', label: msg('labelEmail') }),
      input('password', 'traits.name.first', 'text', {
        required: true,
        autocomplete: 'given-name',
        label: msg('labelGenerated', { title: 'First name' }),
      }),
      input('password', 'traits.name.last', 'text', { autocomplete: 'family-name', label: msg('labelGenerated', { title: 'Last name' }) }),
      input('password', 'password', 'password', { required: true, autocomplete: 'new-password', label: msg('labelPassword') }),
      submit('password', 'method', 'password', msg('registration')),
    ];
    for (const p of call.s.oidc.list())
      nodes.push(submit('oidc', 'provider', p.id, msg('registrationWith', { provider: p.label, provider_id: p.id })));
    return nodes;
  },

  async extra(_call, flow) {
    return { state: flow.completedAt ? 'passed_challenge' : 'choose_method' };
  },

  async submit(call, flow, raw): Promise<SubmitResult> {
    const body = raw as RegistrationBody;
    if (body.method === 'oidc') return startOidc(call, flow, body.provider);
    const { s } = call;
    const email = body.traits.email.trim();
    const values = {
      'traits.email': email,
      'traits.name.first': body.traits.name?.first ?? '',
      'traits.name.last': body.traits.name?.last ?? '',
    };
    const emailMsg = emailProblem(email);
    const pwMsg = passwordProblem(body.password, email);
    if (emailMsg || pwMsg) {
      return {
        type: 'flow',
        status: 400,
        view: { values, nodeMessages: { ...(emailMsg ? { 'traits.email': [emailMsg] } : {}), ...(pwMsg ? { password: [pwMsg] } : {}) } },
      };
    }
    if (!(await s.flows.claim(flow.id))) return { type: 'flow', status: 400, view: { messages: [msg('registrationRetrySuccess')] } };
    const created = await createAccount(call, body, email);
    // Both cases mail the address (a code, or a note that it already has an account) and answer alike.
    if (!created && s.mail.configured) s.mail.sendInBackground(alreadyRegisteredMail(email, call.origin), 'registration of a known address');
    return { type: 'body', status: 200, body: await accepted(call, flow.type, email, created ?? null) };
  },
};

/** Create the identity; undefined when the address already has one (also when a concurrent submit won). */
async function createAccount(call: FlowCall, body: RegistrationBody & { method: 'password' }, email: string): Promise<string | undefined> {
  const { s } = call;
  if (await s.credentials.emailTaken(email)) {
    // The same argon2 work as creating an account, so the answer takes as long either way.
    await hashPassword(body.password);
    return undefined;
  }
  try {
    return await s.identity.createUser({
      firstName: body.traits.name?.first?.trim() ?? '',
      lastName: body.traits.name?.last?.trim() ?? '',
      email,
      password: body.password,
      roles: [],
    });
  } catch (err) {
    if (isPgError(err) && err.code === '23505') return undefined;
    throw err;
  }
}

/**
 * The one answer of a password registration: with mail, go to a verification flow (a code was mailed to a
 * new account; a known address got a note instead, and its flow has no code); without mail, go sign in.
 */
async function accepted(call: FlowCall, type: 'browser' | 'api', email: string, identityId: string | null): Promise<{ continue_with: ContinueWith[] }> {
  if (call.s.mail.configured) {
    const id = await startVerificationFor(call, type, identityId, email);
    return { continue_with: [{ action: 'show_verification_ui', flow: { id, verifiable_address: email, url: `/verification?flow=${id}` } }] };
  }
  return { continue_with: type === 'browser' ? [{ action: 'redirect_browser_to', redirect_browser_to: '/login' }] : [] };
}

/** The note to an address that already has an account when someone tries to register it again. */
function alreadyRegisteredMail(to: string, origin: string): MailMessage {
  return {
    to,
    subject: 'Someone tried to create an Ops Console account with your address',
    text: `Hi,\n\nsomeone (maybe you) tried to create an Ops Console account with this e-mail address, which already has one.\n\nTo sign in, open ${origin}/login. If you forgot your password, recover it at ${origin}/recovery.\nIf it was not you, ignore this mail: nothing was changed.\n`,
  };
}
