// A stored connection as every answer shows it: secrets masked, references as stored, never a plaintext
// secret. Masking decrypts only what the URL and username show in clear, and the secrets hidden in the URL.
import { SECRET_MASK, maskSecretText, type ConnectionCredential, type ConnectionSource, type ConnectionView } from '@ops/shared';
import type { ConnectionRecord } from './connections.repository.js';
import { ConnectionSealer, isSecretProperty, UnreadableSecretError } from './sealed-values.js';
import { hideTexts, secretTexts } from './secret-texts.js';

export function toConnectionView(sealer: ConnectionSealer, rec: ConnectionRecord): ConnectionView {
  const properties: Record<string, ConnectionCredential> = {};
  for (const [key, stored] of Object.entries(rec.properties ?? {})) {
    if (typeof stored === 'object' && !('sealed' in stored)) properties[key] = stored;
    else if (isSecretProperty(rec.type, key)) properties[key] = SECRET_MASK;
    else properties[key] = readable(() => sealer.decodeProperty(stored, `properties.${key}`));
  }
  return {
    id: rec.id,
    name: rec.name,
    namespace: rec.namespace,
    type: rec.type,
    url: shownUrl(sealer, rec),
    username: clearPart(sealer, rec.username, 'username'),
    password: masked(rec.password),
    certificate: masked(rec.certificate),
    insecure_tls: rec.insecure_tls,
    properties,
    source: rec.source as ConnectionSource,
    created_by: rec.created_by ? { id: rec.created_by, name: rec.created_by_name ?? '' } : null,
    created_at: new Date(rec.created_at).toISOString(),
    updated_at: new Date(rec.updated_at).toISOString(),
  };
}

// A secret column: the mask when a static value is set, the reference as stored, null when unset.
function masked(stored: string | null): ConnectionCredential | null {
  if (stored === null) return null;
  return ConnectionSealer.isStatic(stored) ? SECRET_MASK : (JSON.parse(stored) as ConnectionCredential);
}

// The URL is shown with the connection's own secrets masked wherever they occur in it (a channel URL
// composed around a token, a webhook URL's path), then any other embedded credential by its form.
function shownUrl(sealer: ConnectionSealer, rec: ConnectionRecord): ConnectionCredential | null {
  return readable(() => {
    const v = sealer.decode(rec.url, 'url');
    if (typeof v !== 'string') return v;
    // A hidden path keeps its slash, so the URL still reads host/•••••• rather than host••••••.
    const hidden = hideTexts(v, secretTexts(sealer.openSecrets(rec)), (t) => (t.startsWith('/') ? `/${SECRET_MASK}` : SECRET_MASK));
    return maskSecretText(hidden);
  });
}

// URL and username are shown, with any credential embedded in them (user info, password=…) masked.
function clearPart(sealer: ConnectionSealer, stored: string | null, field: string): ConnectionCredential | null {
  return readable(() => {
    const v = sealer.decode(stored, field);
    return typeof v === 'string' ? maskSecretText(v) : v;
  });
}

// A value stored under another key cannot be shown; the mask says something is set without failing the list.
function readable<T>(read: () => T): T | typeof SECRET_MASK {
  try {
    return read();
  } catch (err) {
    if (err instanceof UnreadableSecretError) return SECRET_MASK;
    throw err;
  }
}
