import type { SettingsBody, UiNode } from '@ops/shared';
import { newLookupCodes, storedLookupCodes } from '../mfa/lookup-secrets.js';
import type { FlowCall, SubmitResult } from './flow-engine.js';
import type { FlowRecord } from './flow-record.js';
import { input, msg, submit, textNode } from './nodes.js';
import type { CurrentSession } from './session-cookie.js';
import { upgradeToAal2 } from './settings-totp.js';

type LookupBody = Extract<SettingsBody, { method: 'lookup_secret' }>;

/**
 * 'Manage 2FA Backup Recovery Codes': generate → the codes are shown once with a confirm button →
 * stored as hashes only (so they cannot be revealed later: generate new ones instead), each usable once.
 */
export async function lookupNodes(call: FlowCall, flow: FlowRecord): Promise<UiNode[]> {
  const nodes: UiNode[] = [input('lookup_secret', 'method', 'hidden', { value: 'lookup_secret' })];
  if (flow.data.lookup_pending) {
    const codes = JSON.parse(call.s.box.open(String(flow.data.lookup_pending))) as string[];
    const list = msg('settingsLookupSecretList', { secrets: codes.map((c) => msg('settingsLookupSecret', { secret: c })) });
    nodes.push(textNode('lookup_secret', 'lookup_secret_codes', { ...list, text: codes.join(', ') }, msg('settingsLookupSecretLabel')));
    nodes.push(submit('lookup_secret', 'lookup_secret_confirm', true, msg('settingsLookupConfirm')));
    return nodes;
  }
  nodes.push(submit('lookup_secret', 'lookup_secret_regenerate', true, msg('settingsRegenerateLookup')));
  if (await call.s.credentials.credential(flow.identityId!, 'lookup_secret')) {
    nodes.push(submit('lookup_secret', 'lookup_secret_disable', true, msg('settingsDisableLookup')));
  }
  return nodes;
}

export async function lookupSubmit(call: FlowCall, flow: FlowRecord, body: LookupBody, current: CurrentSession): Promise<SubmitResult> {
  const { s } = call;
  const identityId = flow.identityId!;
  if (body.lookup_secret_regenerate) {
    flow.data = { ...flow.data, lookup_pending: s.box.seal(JSON.stringify(newLookupCodes())) };
    flow.state = 'show_form';
    flow.messages = [];
    await s.flows.update(flow);
    return { type: 'flow', status: 200 };
  }
  if (body.lookup_secret_confirm) {
    if (!flow.data.lookup_pending) return { type: 'flow', status: 400, view: { messages: [msg('noLookup')] } };
    const codes = JSON.parse(s.box.open(String(flow.data.lookup_pending))) as string[];
    await s.credentials.putCredential(identityId, 'lookup_secret', '', { codes: storedLookupCodes(codes) });
    const { lookup_pending: _done, ...rest } = flow.data;
    flow.data = rest;
    await upgradeToAal2(call, current, 'lookup_secret');
    flow.state = 'success';
    return { type: 'flow', status: 200 };
  }
  if (body.lookup_secret_disable) {
    if (!(await s.credentials.credential(identityId, 'lookup_secret')))
      return { type: 'flow', status: 400, view: { messages: [msg('noLookup')] } };
    await s.credentials.deleteCredential(identityId, 'lookup_secret');
    s.identity.invalidate();
    flow.state = 'success';
    return { type: 'flow', status: 200 };
  }
  if (body.lookup_secret_reveal) {
    return {
      type: 'flow',
      status: 400,
      view: {
        messages: [
          msg('generic', { reason: 'Backup recovery codes are stored hashed and cannot be shown again; generate new ones instead.' }),
        ],
      },
    };
  }
  return { type: 'flow', status: 400, view: { messages: [msg('settingsNoStrategy')] } };
}
