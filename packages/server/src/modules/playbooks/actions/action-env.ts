// An action's `env` list: `{name, value}` with the value rendered as a template, or `{name, valueFrom}`
// read from a secret or config map key (the static source checks and connections read:
// OPS_SECRET_<NAME>_<KEY> / OPS_CONFIGMAP_<NAME>_<KEY>).
import { z } from 'zod';
import { createStaticSecretResolver } from '../../health/index.js';
import { ActionError } from './action-failure.js';
import type { ActionContext } from './types.js';

const keyRef = z.object({ name: z.string().min(1, 'is required'), key: z.string().min(1, 'is required') });

const valueFrom = z.object({ secretKeyRef: keyRef.optional(), configMapKeyRef: keyRef.optional() }).passthrough();

/** A value written in place or read from a secret or config map key. */
export const envValueSchema = z.object({
  value: z.union([z.string(), z.number(), z.boolean()]).optional(),
  valueFrom: valueFrom.optional(),
});

/** One entry of an env list as specs write it. */
export const envVarSchema = envValueSchema.extend({ name: z.string({ error: 'is required' }).min(1, 'is required') });
export type EnvVar = z.infer<typeof envVarSchema>;

/** A `{value | valueFrom}` (or plain text) as a string: the value rendered, or the referenced key. */
export async function resolveEnvValue(entry: unknown, actx: ActionContext, field: string): Promise<string> {
  if (entry === undefined || entry === null) return '';
  if (typeof entry === 'string' || typeof entry === 'number' || typeof entry === 'boolean') return actx.render(String(entry));
  const parsed = envValueSchema.safeParse(entry);
  if (!parsed.success) throw new ActionError(`${field}: must be text or {value | valueFrom}`);
  const { value, valueFrom } = parsed.data;
  if (!valueFrom) return value === undefined ? '' : actx.render(String(value));
  const { secretKeyRef, configMapKeyRef } = valueFrom;
  const ref = secretKeyRef ?? configMapKeyRef;
  if (!ref) throw new ActionError(`${field}.valueFrom: only secretKeyRef and configMapKeyRef are supported`);
  const kind = secretKeyRef ? 'secret' : 'configmap';
  const namespace = actx.env.playbook?.namespace || 'default';
  const found = await createStaticSecretResolver({ env: process.env }).lookup({ kind, namespace, name: ref.name, key: ref.key });
  if (found === undefined) {
    const label = kind === 'secret' ? 'secret' : 'config map';
    throw new ActionError(`${field}.valueFrom: ${label} "${namespace}/${ref.name}" has no key "${ref.key}"`);
  }
  return found;
}

/** Every entry resolved into name → value; a missing key is an ActionError naming the entry. */
export async function resolveActionEnv(list: EnvVar[] | undefined, actx: ActionContext, field: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [i, entry] of (list ?? []).entries()) out[entry.name] = await resolveEnvValue(entry, actx, `${field}[${i}]`);
  return out;
}
