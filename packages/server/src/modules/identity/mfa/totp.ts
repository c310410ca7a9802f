import { generateSecret, generateURI, verify } from 'otplib';

export const TOTP_ISSUER = 'Ops Console';
const PERIOD = 30;

/** A new base32 TOTP secret (160 bits). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URL an authenticator app scans. */
export function totpUrl(secret: string, account: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: account, secret, period: PERIOD, digits: 6, algorithm: 'sha1' });
}

/**
 * Check a 6-digit code with a ±1 step window (±30 s of clock drift). Returns the matched time step
 * (the caller refuses steps at or before the last one used: no replay), or undefined.
 */
export async function checkTotp(secret: string, code: string, afterStep?: number): Promise<number | undefined> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  try {
    const result = await verify({
      secret,
      token,
      epochTolerance: PERIOD,
      period: PERIOD,
      ...(afterStep !== undefined ? { afterTimeStep: afterStep } : {}),
    });
    if (!result.valid) return undefined;
    return 'timeStep' in result ? (result.timeStep as number) : Math.floor(Date.now() / 1000 / PERIOD) + result.delta;
  } catch {
    return undefined;
  }
}
