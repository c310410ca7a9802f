import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is an ambient const enum; 2 is its value.
const ARGON2ID = 2;

// OWASP's argon2id minimum is m=19 MiB, t=2, p=1; we use m=19 MiB, t=2 which hashes in ~30 ms here.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hash a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Verify a password against a stored argon2 hash; false on any malformed hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
