// How an action says what its output is: a script may print a JSON envelope {content, contentType}
// (the page then renders `content` as that type), and the action's own `contentType` wins over it.
import type { ActionOutcome } from './types.js';

interface Envelope {
  content: string;
  contentType?: string;
}

/** The envelope a stdout holds, or undefined when it is anything else. */
export function contentEnvelope(stdout: unknown): Envelope | undefined {
  if (typeof stdout !== 'string') return undefined;
  const text = stdout.trim();
  if (!text.startsWith('{') || !text.endsWith('}')) return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
    const { content, contentType } = v as Record<string, unknown>;
    if (typeof content !== 'string') return undefined;
    return typeof contentType === 'string' && contentType ? { content, contentType } : { content };
  } catch {
    return undefined;
  }
}

/** Adds `content`/`contentType` to a result from its stdout envelope and the action's contentType. */
export function withContentType(outcome: ActionOutcome, specContentType: string | undefined): ActionOutcome {
  const envelope = contentEnvelope(outcome.result.stdout);
  const contentType = specContentType?.trim() || envelope?.contentType;
  if (!envelope && !contentType) return outcome;
  const result = { ...outcome.result };
  if (envelope) result.content = envelope.content;
  if (contentType) result.contentType = contentType;
  return { ...outcome, result };
}
