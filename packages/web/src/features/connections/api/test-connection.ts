import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-errors';

export const TEST_MESSAGES = {
  ok: 'Connection successful',
  notImplemented: 'We currently do not support testing this connection type',
  failed: 'Testing connection failed!',
} as const;

export type TestOutcome = { ok: true; message: string } | { ok: false; message: string };

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The toast for a failed test: a 400 carries the cause (its `message`, else its `error`), a 501 means
 * the type has no test, anything else (network, 404, 500) is the generic failure.
 */
export function testFailureMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return TEST_MESSAGES.failed;
  if (err.status === 501) return TEST_MESSAGES.notImplemented;
  if (err.status === 400 && typeof err.body === 'object' && err.body !== null) {
    const body = err.body as { message?: unknown; error?: unknown };
    return text(body.message) ?? text(body.error) ?? TEST_MESSAGES.failed;
  }
  return TEST_MESSAGES.failed;
}

/** POST /api/connection/test/{id}: the server really connects with the stored (decrypted) settings. */
export async function testConnection(id: string): Promise<TestOutcome> {
  try {
    await api.post(`/api/connection/test/${encodeURIComponent(id)}`);
    return { ok: true, message: TEST_MESSAGES.ok };
  } catch (err) {
    return { ok: false, message: testFailureMessage(err) };
  }
}
