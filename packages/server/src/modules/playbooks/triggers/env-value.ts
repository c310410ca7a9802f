// Webhook credentials as specs write them: a plain string, `{value}`, or `{valueFrom: {secretKeyRef |
// configMapKeyRef}}` read from the static secret source checks, connections and actions read
// (OPS_SECRET_<NAME>_<KEY> / OPS_CONFIGMAP_<NAME>_<KEY>).
import { createStaticSecretResolver } from '../../health/index.js';
import type { EnvValueDecl } from './trigger-spec.js';

/** A credential that cannot be read; the message names the field and the reference, never a value. */
export class EnvValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvValueError';
  }
}

/** The text a credential field stands for, read now (secrets may change between requests). */
export async function resolveEnvValue(v: EnvValueDecl | string | undefined, namespace: string, field: string): Promise<string> {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'object') return String(v);
  if (!v.valueFrom) return v.value === undefined || v.value === null ? '' : String(v.value);
  const { secretKeyRef, configMapKeyRef } = v.valueFrom;
  const ref = secretKeyRef ?? configMapKeyRef;
  if (!ref?.name || !ref.key)
    throw new EnvValueError(`${field}.valueFrom: a secretKeyRef or configMapKeyRef with name and key is required`);
  const kind = secretKeyRef ? 'secret' : 'configmap';
  const value = await createStaticSecretResolver({ env: process.env }).lookup({ kind, namespace, name: ref.name, key: ref.key });
  if (value === undefined) {
    throw new EnvValueError(
      `${field}.valueFrom: ${kind === 'secret' ? 'secret' : 'config map'} "${namespace}/${ref.name}" has no key "${ref.key}"`,
    );
  }
  return value;
}
