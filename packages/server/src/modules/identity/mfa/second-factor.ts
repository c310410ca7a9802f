import type { IdentityServices } from '../identity-services.js';
import { findLookupCode, type StoredLookupCode } from './lookup-secrets.js';
import { checkTotp } from './totp.js';
import { verifyAuthentication, type RelyingParty } from './webauthn.js';

/** Check a TOTP code of an identity: ±1 step, and never the same or an earlier step twice. */
export async function verifyTotpFor(s: IdentityServices, identityId: string, code: string): Promise<'ok' | 'wrong' | 'none'> {
  const cred = await s.credentials.credential(identityId, 'totp');
  if (!cred) return 'none';
  const lastStep = typeof cred.config.last_step === 'number' ? cred.config.last_step : undefined;
  const step = await checkTotp(s.box.open(cred.secret), code, lastStep);
  if (step === undefined) return 'wrong';
  return (await s.credentials.advanceTotpStep(identityId, step)) ? 'ok' : 'wrong';
}

/** Use a backup recovery code: each works once. */
export async function useLookupFor(s: IdentityServices, identityId: string, code: string): Promise<'ok' | 'used' | 'invalid' | 'none'> {
  const cred = await s.credentials.credential(identityId, 'lookup_secret');
  if (!cred) return 'none';
  const stored = (cred.config.codes ?? []) as StoredLookupCode[];
  const found = findLookupCode(stored, code);
  if (!found) return 'invalid';
  if (found.used) return 'used';
  return (await s.credentials.useLookupCode(identityId, found.index, new Date().toISOString())) ? 'ok' : 'used';
}

/** Verify a WebAuthn assertion of an identity against the flow's challenge; the key's counter is stored. */
export async function verifyWebAuthnFor(
  s: IdentityServices,
  rp: RelyingParty,
  identityId: string,
  challenge: string,
  response: unknown,
): Promise<boolean> {
  const keys = await s.webauthn.list(identityId);
  const ok = await verifyAuthentication(rp, challenge, response, keys);
  if (!ok) return false;
  await s.webauthn.used(ok.keyId, ok.counter);
  return true;
}

/** Which second factors an identity has. */
export async function secondFactors(
  s: IdentityServices,
  identityId: string,
): Promise<{ totp: boolean; lookup: boolean; webauthn: boolean }> {
  const [types, keys] = await Promise.all([s.credentials.credentialTypes(identityId), s.webauthn.list(identityId)]);
  return { totp: types.includes('totp'), lookup: types.includes('lookup_secret'), webauthn: keys.length > 0 };
}
