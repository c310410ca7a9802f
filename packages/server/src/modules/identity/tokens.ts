import { createHash, randomBytes } from 'node:crypto';

/** A new opaque secret (session id or access token) with a recognisable prefix. */
export function newSecret(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

/** Secrets are stored only as their sha256, so a database leak does not leak sessions or tokens. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
