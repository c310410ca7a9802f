import type { UiText } from '@ops/shared';
import { msg } from './nodes.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * Kratos' password rules that need no network: length (8–128) and not too similar to the identifier.
 * Returns the message for the password node, or undefined when the password may be used.
 */
export function passwordProblem(password: string, identifier: string): UiText | undefined {
  if (password.length < PASSWORD_MIN) return msg('passwordMinLength', { min_length: PASSWORD_MIN, actual_length: password.length });
  if (password.length > PASSWORD_MAX) return msg('passwordMaxLength', { max_length: PASSWORD_MAX, actual_length: password.length });
  const p = password.toLowerCase();
  const local = identifier.toLowerCase().split('@')[0] ?? '';
  const id = identifier.toLowerCase();
  if (p === id || (local.length >= 4 && (p.includes(local) || local.includes(p)))) return msg('passwordSimilar');
  return undefined;
}

/** The e-mail rule of identity traits (the spec's simple x@y.z pattern). */
export function emailProblem(email: string): UiText | undefined {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? undefined : msg('generic', { reason: `"${email}" is not valid "email"` });
}
