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
  const blocked = webauthnOriginProblem(window.location);
  if (blocked) throw new Error(blocked);
  const lib = await import('@simplewebauthn/browser');
  const result =
    trigger === 'oryWebAuthnLogin'
      ? await lib.startAuthentication({ optionsJSON: webauthnOptions(attributes.value) })
      : await lib.startRegistration({ optionsJSON: webauthnOptions(attributes.value) });
  return { field: WEBAUTHN_RESULT_FIELD[trigger], json: JSON.stringify(result) };
}

/**
 * Why security keys cannot work on this address, or undefined when they can. Browsers refuse WebAuthn on an
 * IP address ("127.0.0.1 is an invalid domain") and on plain http other than localhost; the message names
 * the address that works.
 */
export function webauthnOriginProblem(
  location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'pathname' | 'search'>,
): string | undefined {
  const host = location.hostname;
  const ip = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[') || host.includes(':');
  const local = ip && (host === '127.0.0.1' || host === '[::1]' || host === '::1');
  if (local) {
    const port = location.port ? `:${location.port}` : '';
    return `Security keys do not work on an IP address such as ${host}. Open http://localhost${port}${location.pathname}${location.search} instead.`;
  }
  if (ip) return `Security keys do not work on an IP address such as ${host}. Open this page by its host name instead.`;
  if (location.protocol !== 'https:' && host !== 'localhost' && !host.endsWith('.localhost')) {
    return `Security keys need https on ${host}. Open this page over https (or on localhost) instead.`;
  }
  return undefined;
}
