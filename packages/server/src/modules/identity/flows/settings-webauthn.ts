import type { SettingsBody, UiNode } from '@ops/shared';
import { registrationOptions, relyingParty, verifyRegistration } from '../mfa/webauthn.js';
import type { FlowCall, SubmitResult } from './flow-engine.js';
import type { FlowRecord } from './flow-record.js';
import { input, msg, submit } from './nodes.js';
import type { CurrentSession } from './session-cookie.js';
import { upgradeToAal2 } from './settings-totp.js';

type WebAuthnBody = Extract<SettingsBody, { method: 'webauthn' }>;

/** New creation options (a new challenge) for the identity, kept in the flow until a key is registered. */
export async function prepareWebAuthn(call: FlowCall, identityId: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (data.webauthn) return data;
  const identity = await call.s.credentials.identity(identityId);
  const keys = await call.s.webauthn.list(identityId);
  const options = await registrationOptions(
    relyingParty(call.origin),
    { id: identityId, email: identity?.email ?? identityId, name: identity?.name ?? '' },
    keys,
  );
  return { ...data, webauthn: { options: JSON.stringify(options), challenge: options.challenge } };
}

/**
 * 'Manage Hardware Tokens and Biometrics': a name input, the register button whose value is the
 * creation options for @simplewebauthn/browser, the hidden result input, and a remove button per key.
 */
export async function webauthnNodes(call: FlowCall, flow: FlowRecord): Promise<UiNode[]> {
  const w = flow.data.webauthn as { options: string } | undefined;
  const nodes: UiNode[] = [
    input('webauthn', 'method', 'hidden', { value: 'webauthn' }),
    input('webauthn', 'webauthn_register_displayname', 'text', { label: msg('settingsWebAuthnDisplayName') }),
    input('webauthn', 'webauthn_register', 'hidden', { value: '' }),
  ];
  if (w)
    nodes.push(
      input('webauthn', 'webauthn_register_trigger', 'button', {
        value: w.options,
        onclickTrigger: 'oryWebAuthnRegistration',
        label: msg('settingsRegisterWebAuthn'),
      }),
    );
  for (const key of await call.s.webauthn.list(flow.identityId!)) {
    const addedAt = new Date(key.created_at);
    nodes.push(
      submit(
        'webauthn',
        'webauthn_remove',
        key.id,
        msg('settingsRemoveWebAuthn', {
          display_name: key.display_name,
          added_at: addedAt.toISOString(),
          added_at_unix: Math.floor(addedAt.getTime() / 1000),
        }),
      ),
    );
  }
  return nodes;
}

/** Register a key (attestation checked against the flow's challenge; the session becomes aal2) or remove one. */
export async function webauthnSubmit(call: FlowCall, flow: FlowRecord, body: WebAuthnBody, current: CurrentSession): Promise<SubmitResult> {
  const { s } = call;
  const identityId = flow.identityId!;
  if (body.webauthn_remove) {
    if (!(await s.webauthn.remove(identityId, body.webauthn_remove)))
      return { type: 'flow', status: 400, view: { messages: [msg('noWebAuthnDevice')] } };
    s.identity.invalidate();
    flow.state = 'success';
    return { type: 'flow', status: 200 };
  }
  const name = body.webauthn_register_displayname?.trim();
  if (!body.webauthn_register) return { type: 'flow', status: 400, view: { messages: [msg('settingsNoStrategy')] } };
  if (!name)
    return {
      type: 'flow',
      status: 400,
      view: { nodeMessages: { webauthn_register_displayname: [msg('required', { property: 'webauthn_register_displayname' })] } },
    };
  const challenge = (flow.data.webauthn as { challenge?: string } | undefined)?.challenge;
  let response: unknown;
  try {
    response = JSON.parse(body.webauthn_register);
  } catch {
    response = undefined;
  }
  const credential = challenge && response ? await verifyRegistration(relyingParty(call.origin), challenge, response) : undefined;
  if (!credential || (await s.webauthn.exists(credential.id))) {
    return {
      type: 'flow',
      status: 400,
      view: {
        values: { webauthn_register_displayname: name },
        messages: [msg('generic', { reason: 'The security key could not be verified; try again.' })],
      },
    };
  }
  await s.webauthn.add({
    id: credential.id,
    identity_id: identityId,
    public_key: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports,
    display_name: name.slice(0, 100),
  });
  // A challenge is good for one registration.
  const { webauthn: _used, ...rest } = flow.data;
  flow.data = rest;
  await upgradeToAal2(call, current, 'webauthn');
  flow.state = 'success';
  return { type: 'flow', status: 200 };
}
