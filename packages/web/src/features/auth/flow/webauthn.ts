import type { UiNodeInputAttributes } from '@ops/shared';

/** The options JSON of a WebAuthn trigger button (Kratos wraps it in {publicKey}; ours may not). */
export function webauthnOptions<T>(value: unknown): T {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!parsed || typeof parsed !== 'object') throw new Error('The security key options are missing');
  const inner = (parsed as { publicKey?: unknown }).publicKey;
  return (inner && typeof inner === 'object' ? inner : parsed) as T;
}

/** The hidden field a ceremony's result goes into, and the trigger's method. */
export const WEBAUTHN_RESULT_FIELD = {
  oryWebAuthnLogin: 'webauthn_login',
  oryWebAuthnRegistration: 'webauthn_register',
} as const;

/**
 * Runs the browser ceremony a trigger button names (loaded on demand: only WebAuthn users need it)
 * and returns the JSON string the server expects in the hidden result field.
 */
export async function runWebAuthn(attributes: UiNodeInputAttributes): Promise<{ field: string; json: string }> {
  const trigger = attributes.onclickTrigger;
  if (!trigger) throw new Error('This button does not start a security key ceremony');
  if (typeof window === 'undefined' || !window.PublicKeyCredential) {
    throw new Error('This browser does not support security keys (WebAuthn)');
  }
  const lib = await import('@simplewebauthn/browser');
  const result =
    trigger === 'oryWebAuthnLogin'
      ? await lib.startAuthentication({ optionsJSON: webauthnOptions(attributes.value) })
      : await lib.startRegistration({ optionsJSON: webauthnOptions(attributes.value) });
  return { field: WEBAUTHN_RESULT_FIELD[trigger], json: JSON.stringify(result) };
}
