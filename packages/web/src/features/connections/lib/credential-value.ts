import { isCredentialReference, type ConnectionCredential } from '@ops/shared';

/**
 * Where a credential comes from: the value itself, an environment variable or a file the server reads
 * when it uses the connection (so that secret never passes through the browser), or, for connections
 * brought as YAML, one key of a Secret or ConfigMap.
 */
export type CredentialSource = 'static' | 'env' | 'file' | 'secret' | 'configmap';

/** The sources a user can pick; the key references are offered only to a field that already holds one. */
export const CREDENTIAL_SOURCES: readonly { value: CredentialSource; label: string }[] = [
  { value: 'static', label: 'Static' },
  { value: 'env', label: 'From environment' },
  { value: 'file', label: 'From file' },
];

export const KEY_SOURCES: readonly { value: CredentialSource; label: string }[] = [
  { value: 'secret', label: 'Secret key' },
  { value: 'configmap', label: 'Config map key' },
];

/** Whether a source names a Secret or ConfigMap key (two inputs) rather than one text. */
export const isKeySource = (s: CredentialSource): s is 'secret' | 'configmap' => s === 'secret' || s === 'configmap';

/** Which source a credential uses. */
export function credentialSource(value: unknown): CredentialSource {
  if (!isCredentialReference(value)) return 'static';
  const from = value.valueFrom;
  if ('env' in from) return 'env';
  if ('file' in from) return 'file';
  return 'secretKeyRef' in from ? 'secret' : 'configmap';
}

/** The text the user edits: the static value, or the variable name / file path of a reference. */
export function credentialText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!isCredentialReference(value)) return '';
  const from = value.valueFrom as { env?: unknown; file?: unknown };
  return typeof (from.env ?? from.file) === 'string' ? String(from.env ?? from.file) : '';
}

/** The name and key of a Secret or ConfigMap reference ('' when the value is not one). */
export function keyRefParts(value: unknown): { name: string; key: string } {
  if (!isCredentialReference(value)) return { name: '', key: '' };
  const from = value.valueFrom as { secretKeyRef?: { name?: string; key?: string }; configMapKeyRef?: { name?: string; key?: string } };
  const ref = from.secretKeyRef ?? from.configMapKeyRef;
  return { name: ref?.name ?? '', key: ref?.key ?? '' };
}

/** The credential for a source and what was typed for it (`text`, or a key reference's name and key). */
export function makeCredential(source: CredentialSource, text: string, key = ''): ConnectionCredential {
  switch (source) {
    case 'env':
      return { valueFrom: { env: text } };
    case 'file':
      return { valueFrom: { file: text } };
    case 'secret':
      return { valueFrom: { secretKeyRef: { name: text, key } } };
    case 'configmap':
      return { valueFrom: { configMapKeyRef: { name: text, key } } };
    default:
      return text;
  }
}

/** Whether a credential is blank: an empty static value, or a reference missing its name (or key). */
export function isBlankCredential(value: unknown): boolean {
  const source = credentialSource(value);
  if (!isKeySource(source)) return credentialText(value).trim() === '';
  const { name, key } = keyRefParts(value);
  return name.trim() === '' || key.trim() === '';
}
