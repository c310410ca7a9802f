// The columns a create, an edit or an apply stores: secrets sealed, a secret sent back as the mask (or
// left out) kept as stored, catalogue defaults filled in, and a notification type's channel URL composed
// from its parts when the caller sent none, or sent one composed in the browser around a masked secret.
import { SECRET_MASK, connectionTypeInfo, isCredentialReference, type ConnectionCredential, type ConnectionFormValues } from '@ops/shared';
import { badRequest } from '../../http/errors.js';
import { toConnectionView } from './connection-view.js';
import type { ConnectionColumns, ConnectionRecord } from './connections.repository.js';
import { ConnectionSealer, isSecretProperty, urlHoldsSecret, type StoredProperty } from './sealed-values.js';
import { hideTexts, secretTexts } from './secret-texts.js';

/** What a caller asks for; a field left undefined stays as stored (or unset on create). */
export interface ConnectionChange {
  name?: string;
  namespace?: string;
  type?: string;
  url?: ConnectionCredential | null;
  username?: ConnectionCredential | null;
  password?: ConnectionCredential | null;
  certificate?: ConnectionCredential | null;
  insecure_tls?: boolean;
  properties?: Record<string, ConnectionCredential | number | boolean>;
}

const holdsMask = (v: unknown): boolean => typeof v === 'string' && v.includes(SECRET_MASK);

const maskError = (field: string) =>
  badRequest(`${field} holds the mask ${SECRET_MASK} but no stored secret matches it: send the value itself`);

/** The stored columns for `change` applied over `stored` (undefined on create). */
export function columnsFor(
  sealer: ConnectionSealer,
  change: ConnectionChange,
  stored: ConnectionRecord | undefined,
  source: string,
): ConnectionColumns {
  const type = change.type ?? stored?.type ?? '';
  const shown = stored && toConnectionView(sealer, stored);
  let composeUrl = false;

  // URL and username are shown in clear except their embedded credentials: sending back what was shown keeps them.
  const clearPart = (field: 'url' | 'username'): string | null => {
    const v = change[field];
    if (v === undefined) return stored?.[field] ?? null;
    if (holdsMask(v)) {
      if (stored && shown?.[field] === v) return stored[field];
      if (field === 'url' && connectionTypeInfo(type)?.composeUrl) {
        composeUrl = true;
        return null;
      }
      throw maskError(field);
    }
    return sealer.encode(v, field === 'url' && typeof v === 'string' && urlHoldsSecret(v));
  };
  const secret = (field: 'password' | 'certificate'): string | null => {
    const v = change[field];
    if (v === undefined) return stored?.[field] ?? null;
    if (v === SECRET_MASK) {
      if (stored?.[field]) return stored[field];
      throw maskError(field);
    }
    return sealer.encode(v, true);
  };

  const columns: ConnectionColumns = {
    name: change.name ?? stored?.name ?? '',
    namespace: change.namespace ?? stored?.namespace ?? 'default',
    type,
    url: clearPart('url'),
    username: clearPart('username'),
    password: secret('password'),
    certificate: secret('certificate'),
    insecure_tls: change.insecure_tls ?? stored?.insecure_tls ?? false,
    properties: propertiesFor(sealer, type, change.properties, stored),
    source,
  };
  if (composeUrl || columns.url === null) composeChannelUrl(sealer, columns);
  sealUrlHoldingSecrets(sealer, columns);
  return columns;
}

// A URL that holds one of the connection's secrets (a channel URL composed around a token, a webhook URL's
// path) is as secret as they are: it is sealed even when its form shows no credential.
function sealUrlHoldingSecrets(sealer: ConnectionSealer, c: ConnectionColumns): void {
  if (!ConnectionSealer.isStatic(c.url) || ConnectionSealer.isSealed(c.url)) return;
  const url = c.url!;
  if (hideTexts(url, secretTexts(sealer.openSecrets(c)), '') !== url) c.url = sealer.encode(url, true);
}

function propertiesFor(
  sealer: ConnectionSealer,
  type: string,
  incoming: ConnectionChange['properties'],
  stored: ConnectionRecord | undefined,
): Record<string, StoredProperty> {
  const before = stored?.properties ?? {};
  const out: Record<string, StoredProperty> = {};
  if (incoming === undefined) Object.assign(out, before);
  else {
    for (const [key, raw] of Object.entries(incoming)) {
      const v = typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
      if (v === '') continue; // an emptied field removes the property
      if (holdsMask(v)) {
        const kept = before[key];
        if (kept === undefined) throw maskError(`properties.${key}`);
        out[key] = kept;
      } else out[key] = sealer.encodeProperty(v, isSecretProperty(type, key));
    }
    // A secret property left out of an edit is kept, like the secret columns.
    for (const [key, p] of Object.entries(before)) if (!(key in incoming) && isSecretProperty(type, key)) out[key] = p;
  }
  if (!stored) {
    for (const f of connectionTypeInfo(type)?.fields ?? []) {
      if (f.target === 'property' && f.default !== undefined && out[f.name] === undefined) out[f.name] = String(f.default);
    }
  }
  return out;
}

// Notification types store their channel URL; it is composed here from static parts only (a reference
// cannot be put into a URL without reading it, which would store its secret).
function composeChannelUrl(sealer: ConnectionSealer, c: ConnectionColumns): void {
  const compose = connectionTypeInfo(c.type)?.composeUrl;
  if (!compose) return;
  const values: ConnectionFormValues = {};
  const parts: [string, ConnectionCredential | null][] = [
    ['username', sealer.decode(c.username, 'username')],
    ['password', sealer.decode(c.password, 'password')],
    ...Object.entries(c.properties).map(([k, p]): [string, ConnectionCredential] => [k, sealer.decodeProperty(p, `properties.${k}`)]),
  ];
  for (const [key, v] of parts) {
    if (v === null) continue;
    if (isCredentialReference(v)) {
      c.url = null;
      return;
    }
    values[key] = v;
  }
  if (Object.keys(values).length === 0) return;
  const url = compose(values);
  c.url = sealer.encode(url, urlHoldsSecret(url));
}
