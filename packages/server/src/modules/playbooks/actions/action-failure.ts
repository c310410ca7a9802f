// The ways an action fails without being a bug: a user error (bad field, refused request, failed
// command) becomes a failed outcome carrying the message; an abort names why it stopped.
import type { z } from 'zod';
import type { ActionOutcome } from './types.js';

/** A failure caused by the spec or the systems it reaches; runAction turns it into a failed outcome. */
export class ActionError extends Error {
  constructor(
    message: string,
    readonly result: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ActionError';
  }
}

/** A failed outcome with a message and whatever partial result there is. */
export function failedOutcome(error: string, result: Record<string, unknown> = {}): ActionOutcome {
  return { status: 'failed', result, error };
}

/** Why an aborted action stopped: the signal's reason when it is a message, else a generic one. */
export function abortMessage(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (typeof reason === 'string' && reason) return reason;
  if (reason instanceof Error && reason.name !== 'AbortError' && reason.message) return reason.message;
  return 'the action was stopped (timed out or cancelled)';
}

/** The last `max` characters of a text (the end of stderr says what went wrong). */
export function tail(text: string, max = 2000): string {
  const t = text.trim();
  return t.length <= max ? t : '…' + t.slice(t.length - max);
}

/** Parses an action block with its schema; the first problem names the field (`exec.script: is required`). */
export function parseBlock<T>(schema: z.ZodType<T>, block: unknown, type: string): T {
  const parsed = schema.safeParse(block ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new ActionError(`${[type, ...issue.path.map(String)].join('.')}: ${issue.message}`);
}

/** The message of anything thrown. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}
