import type { SettingsBody, UiNode } from '@ops/shared';
import type { IdentityRecord } from '../credentials.repository.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import type { FlowCall, SubmitResult } from './flow-engine.js';
import type { FlowRecord } from './flow-record.js';
import { input, msg, submit } from './nodes.js';
import { emailProblem, passwordProblem } from './password-policy.js';
import type { CurrentSession } from './session-cookie.js';

type ProfileBody = Extract<SettingsBody, { method: 'profile' }>;
type PasswordBody = Extract<SettingsBody, { method: 'password' }>;

/** 'Profile Settings': e-mail and name. */
export async function profileNodes(identity: IdentityRecord | undefined): Promise<UiNode[]> {
  const t = identity?.traits ?? {};
  return [
    input('profile', 'traits.email', 'email', {
      required: true,
      autocomplete: 'email',
      value: t.email ?? identity?.email ?? '',
      label: msg('labelEmail'),
    }),
    input('profile', 'traits.name.first', 'text', {
      autocomplete: 'given-name',
      value: t.name?.first ?? '',
      label: msg('labelGenerated', { title: 'First name' }),
    }),
    input('profile', 'traits.name.last', 'text', {
      autocomplete: 'family-name',
      value: t.name?.last ?? '',
      label: msg('labelGenerated', { title: 'Last name' }),
    }),
    submit('profile', 'method', 'profile', msg('labelSave')),
  ];
}

/** 'Change Password'. */
export async function passwordNodes(): Promise<UiNode[]> {
  return [
    input('password', 'password', 'password', { required: true, autocomplete: 'new-password', label: msg('labelPassword') }),
    submit('password', 'method', 'password', msg('labelSave')),
  ];
}

/** Save traits; a changed e-mail must be unique and becomes unverified. */
export async function profileSubmit(call: FlowCall, flow: FlowRecord, body: ProfileBody): Promise<SubmitResult> {
  const email = body.traits.email.trim();
  const values = {
    'traits.email': email,
    'traits.name.first': body.traits.name?.first ?? '',
    'traits.name.last': body.traits.name?.last ?? '',
  };
  const problem = emailProblem(email);
  if (problem) return { type: 'flow', status: 400, view: { values, nodeMessages: { 'traits.email': [problem] } } };
  if (await call.s.credentials.emailTaken(email, flow.identityId!))
    return { type: 'flow', status: 400, view: { values, messages: [msg('duplicateCredentials')] } };
  await call.s.credentials.updateTraits(flow.identityId!, {
    email,
    name: { first: body.traits.name?.first?.trim() ?? '', last: body.traits.name?.last?.trim() ?? '' },
  });
  call.s.identity.invalidate();
  flow.state = 'success';
  return { type: 'flow', status: 200 };
}

/** Set or change the password; every other session of the person ends. */
export async function passwordSubmit(call: FlowCall, flow: FlowRecord, body: PasswordBody, current: CurrentSession): Promise<SubmitResult> {
  const { s } = call;
  const identity = await s.credentials.identity(flow.identityId!);
  const problem = passwordProblem(body.password, identity?.email ?? '');
  if (problem) return { type: 'flow', status: 400, view: { nodeMessages: { password: [problem] } } };
  const old = await s.credentials.credential(flow.identityId!, 'password');
  if (old && (await verifyPassword(old.secret, body.password)))
    return { type: 'flow', status: 400, view: { nodeMessages: { password: [msg('passwordSame')] } } };
  await s.credentials.putCredential(flow.identityId!, 'password', await hashPassword(body.password));
  await s.identity.endSessionsOf(flow.identityId!, current.secret);
  flow.state = 'success';
  return { type: 'flow', status: 200 };
}
