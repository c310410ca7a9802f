// The one resolver of connection credentials: a static value as it is; `valueFrom.env` from the server's
// environment; `valueFrom.file` from a file under the server's file roots (OPS_FILE_ROOTS, never the data
// directory); secretKeyRef/configMapKeyRef through the health engine's static secret resolver
// (OPS_SECRET_<NAME>_<KEY> / OPS_CONFIGMAP_<NAME>_<KEY>), the same source check specs read.
import { isCredentialReference, type ConnectionCredential } from '@ops/shared';
import { FileRootError, readAllowedFile } from '../../sandbox/file-roots.js';
import { createStaticSecretResolver } from '../health/index.js';

/** A reference that could not be resolved; the message names the field and the reference, never a value. */
export class CredentialReferenceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CredentialReferenceError';
  }
}

type KeyRef = { name: string; key: string };

/** The text a credential stands for, read now (environment and files may change between uses). */
export async function resolveCredential(v: ConnectionCredential, field: string, namespace: string): Promise<string> {
  if (!isCredentialReference(v)) return v;
  const from = v.valueFrom as { env?: string; file?: string; secretKeyRef?: KeyRef; configMapKeyRef?: KeyRef };
  if (from.env !== undefined) {
    const value = process.env[from.env];
    if (value === undefined) throw new CredentialReferenceError(`${field}: environment variable ${from.env} (valueFrom.env) is not set`);
    return value;
  }
  if (from.file !== undefined) return readReferencedFile(from.file, field);
  if (from.secretKeyRef) return lookupKey('secret', from.secretKeyRef, namespace, field);
  if (from.configMapKeyRef) return lookupKey('configmap', from.configMapKeyRef, namespace, field);
  throw new CredentialReferenceError(`${field}: valueFrom ${JSON.stringify(Object.keys(from))} is not a supported reference`);
}

async function readReferencedFile(file: string, field: string): Promise<string> {
  try {
    // Files mounted from secrets usually end with a newline that is not part of the value.
    return (await readAllowedFile(file)).replace(/\r?\n$/, '');
  } catch (err) {
    if (err instanceof FileRootError) throw new CredentialReferenceError(`${field}: valueFrom.file ${file} refused: ${err.message}`);
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'does not exist' : code === 'EACCES' ? 'is not readable by the server' : 'cannot be read';
    throw new CredentialReferenceError(`${field}: valueFrom.file ${file} ${why}`);
  }
}

async function lookupKey(kind: 'secret' | 'configmap', ref: KeyRef, namespace: string, field: string): Promise<string> {
  const value = await createStaticSecretResolver({ env: process.env }).lookup({ kind, namespace, name: ref.name, key: ref.key });
  if (value !== undefined) return value;
  const [what, via] = kind === 'secret' ? ['secret', 'secretKeyRef'] : ['config map', 'configMapKeyRef'];
  throw new CredentialReferenceError(`${field}: ${what} "${namespace}/${ref.name}" has no key "${ref.key}" (valueFrom.${via})`);
}
