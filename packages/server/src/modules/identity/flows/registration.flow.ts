import { registrationBodySchema, type RegistrationBody, type UiNode } from '@ops/shared';
import { flowErrors } from './flow-errors.js';
import type { FlowKindHandler, SubmitResult } from './flow-engine.js';
import { identityJson } from './kratos-session.js';
import { input, msg, submit } from './nodes.js';
import { startOidc } from './oidc-start.js';
import { emailProblem, passwordProblem } from './password-policy.js';
import { currentSession, issueSession, method, sessionSufficient } from './session-cookie.js';
import { signedIn } from './success.js';
import { startVerificationFor } from './verification.flow.js';

const LIFESPAN_MS = 60 * 60_000;

/** Self-registration: off unless OPS_ALLOW_REGISTRATION=true; new people get no roles (viewers). */
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
    if (await s.credentials.emailTaken(email))
      return { type: 'flow', status: 400, view: { values, messages: [msg('duplicateCredentials')] } };
    if (!(await s.flows.claim(flow.id))) return { type: 'flow', status: 400, view: { messages: [msg('registrationRetrySuccess')] } };
    const id = await s.identity.createUser({
      firstName: body.traits.name?.first?.trim() ?? '',
      lastName: body.traits.name?.last?.trim() ?? '',
      email,
      password: body.password,
      roles: [],
    });
    const session = await issueSession(call.request, call.reply, s, flow.type, id, { aal: 'aal1', methods: [method('password', 'aal1')] });
    const result = await signedIn(call, flow, session);
    if (s.mail.configured) {
      const verification = await startVerificationFor(call, flow.type, id, email);
      result.continue_with = [
        {
          action: 'show_verification_ui',
          flow: { id: verification, verifiable_address: email, url: `/verification?flow=${verification}` },
        },
        ...(result.continue_with ?? []),
      ];
    }
    const identity = await s.credentials.identity(id);
    return { type: 'body', status: 200, body: { ...result, identity: identityJson(identity!) } };
  },
};
