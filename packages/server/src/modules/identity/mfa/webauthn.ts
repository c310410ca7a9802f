import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { WebAuthnKey } from './webauthn.repository.js';

const RP_NAME = 'Ops Console';

/** Where the ceremony runs: the relying party id is the host name of the public origin. */
export interface RelyingParty {
  origin: string;
  rpID: string;
}

export function relyingParty(origin: string): RelyingParty {
  return { origin, rpID: new URL(origin).hostname };
}

/** Creation options for a new key (challenge per flow); existing keys are excluded. */
export async function registrationOptions(rp: RelyingParty, user: { id: string; email: string; name: string }, keys: WebAuthnKey[]) {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: keys.map((k) => ({ id: k.id, transports: k.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** Verify a registration; the credential to store, or undefined when it does not check out. */
export async function verifyRegistration(rp: RelyingParty, challenge: string, response: unknown) {
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
    if (!result.verified) return undefined;
    const c = result.registrationInfo.credential;
    return { id: c.id, publicKey: Buffer.from(c.publicKey), counter: c.counter, transports: (c.transports ?? []) as string[] };
  } catch {
    return undefined;
  }
}

/** Request options for signing in with one of the identity's keys. */
export async function authenticationOptions(rp: RelyingParty, keys: WebAuthnKey[]) {
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: keys.map((k) => ({ id: k.id, transports: k.transports })),
    userVerification: 'preferred',
  });
}

/** Verify an assertion against the identity's keys; the key used and its new counter, or undefined. */
export async function verifyAuthentication(rp: RelyingParty, challenge: string, response: unknown, keys: WebAuthnKey[]) {
  const id = (response as { id?: unknown } | null)?.id;
  const key = keys.find((k) => k.id === id);
  if (!key) return undefined;
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(key.public_key),
        counter: Number(key.counter),
        transports: key.transports as never,
      },
      requireUserVerification: false,
    });
    return result.verified ? { keyId: key.id, counter: result.authenticationInfo.newCounter } : undefined;
  } catch {
    return undefined;
  }
}
