import type { z } from 'zod';
import type { UiText } from '@ops/shared';
import { msg } from './nodes.js';

const BOOLEAN_FIELDS = new Set([
  'totp_unlink',
  'lookup_secret_reveal',
  'lookup_secret_regenerate',
  'lookup_secret_confirm',
  'lookup_secret_disable',
]);
const MAX_FIELDS = 50;

export type ParsedBody = { ok: true; body: Record<string, unknown> } | { ok: false };

/**
 * A flow submit body, JSON or form-encoded, as one object: dotted names ('traits.email') become
 * nested objects and 'true'/'false' of button fields become booleans. Malformed input is `{ok:false}`.
 */
export function parseFlowBody(raw: unknown, contentType: string | undefined): ParsedBody {
  const text = typeof raw === 'string' ? raw : '';
  let flat: Record<string, unknown>;
  if ((contentType ?? '').includes('application/x-www-form-urlencoded')) {
    flat = Object.fromEntries(new URLSearchParams(text));
  } else {
    if (!text.trim()) return { ok: false };
    try {
      const value: unknown = JSON.parse(text);
      if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false };
      flat = value as Record<string, unknown>;
    } catch {
      return { ok: false };
    }
  }
  if (Object.keys(flat).length > MAX_FIELDS) return { ok: false };
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    setPath(body, key.split('.'), BOOLEAN_FIELDS.has(key) && (value === 'true' || value === 'false') ? value === 'true' : value);
  }
  // Kratos' OIDC buttons send only `provider`; the method is implied.
  if (body.method === undefined && typeof body.provider === 'string') body.method = 'oidc';
  return { ok: true, body };
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let cur = target;
  for (const part of path.slice(0, -1)) {
    if (part === '__proto__' || part === 'constructor' || part === 'prototype') return;
    const next = cur[part];
    if (!next || typeof next !== 'object' || Array.isArray(next)) cur[part] = {};
    cur = cur[part] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (last === '__proto__' || last === 'constructor' || last === 'prototype') return;
  cur[last] = value;
}

/**
 * Validation problems of a body as Kratos messages on their nodes (4000002 'Property x is missing.',
 * 4000001 otherwise); a missing or unknown `method` is the flow-level "no strategy" message.
 */
export function bodyProblems(error: z.ZodError, noStrategy: UiText): { messages: UiText[]; nodeMessages: Record<string, UiText[]> } {
  const nodeMessages: Record<string, UiText[]> = {};
  const messages: UiText[] = [];
  for (const issue of error.issues) {
    const name = issue.path.join('.');
    if (!name || name === 'method') {
      if (!messages.some((m) => m.id === noStrategy.id)) messages.push(noStrategy);
      continue;
    }
    const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
    const text = missing
      ? msg('required', { property: issue.path[issue.path.length - 1] })
      : msg('generic', { reason: `${name}: ${issue.message}` });
    (nodeMessages[name] ??= []).push(text);
  }
  return { messages, nodeMessages };
}

/** Nested body values as dotted node names ('traits.email'), to put typed values back on their nodes. */
export function flatValues(body: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) Object.assign(out, flatValues(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = v;
  }
  return out;
}
