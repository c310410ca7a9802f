// How connection values are stored: static secrets sealed with the identity area's SecretBox (AES-256-GCM
// under OPS_SECRET_KEY), valueFrom references as their JSON text (they name a secret but hold none), other
// values as they are. A plain value that would read as one of the other two forms is sealed, so every
// stored text decodes one way only.
import { connectionTypeInfo, isCredentialReference, isSecretKey, maskSecretText, type ConnectionCredential } from '@ops/shared';
import type { Config } from '../../config.js';
import { SecretBox } from '../identity/index.js';

const SEALED_PREFIX = 'v1:';

/** A reference credential (`{valueFrom: …}`). */
export type CredentialReference = Exclude<ConnectionCredential, string>;

/** A property as `connections.properties` holds it. */
export type StoredProperty = string | { sealed: string } | CredentialReference;

/** Thrown when a stored secret does not open with this server's key; names the field, never the value. */
export class UnreadableSecretError extends Error {
  constructor(readonly field: string) {
    super(`${field} cannot be decrypted with this server's OPS_SECRET_KEY (it was stored under another key)`);
  }
}

// One box per configuration: SecretBox.fromConfig may read (or create) the key file.
const boxes = new WeakMap<Config, SecretBox>();

/**
 * Whether a property of a connection type holds a credential: the catalogue's word for its own fields (an
 * email connection's `auth` is a mode, not a secret), the name's for any other property.
 */
export function isSecretProperty(type: string, key: string): boolean {
  const declared = connectionTypeInfo(type)?.fields.find((f) => f.target === 'property' && f.name === key);
  return declared ? declared.kind === 'secret' : isSecretKey(key);
}

/** Whether a URL carries a credential (user info with a password or token, password= pairs). */
export function urlHoldsSecret(url: string): boolean {
  return maskSecretText(url) !== url;
}

/** Seals and opens connection values for one server configuration. */
export class ConnectionSealer {
  private constructor(private readonly box: SecretBox) {}

  static for(config: Config): ConnectionSealer {
    let box = boxes.get(config);
    if (!box) {
      box = SecretBox.fromConfig(config);
      boxes.set(config, box);
    }
    return new ConnectionSealer(box);
  }

  /** The column text for a value; `secret` seals a static value. Empty means unset. */
  encode(v: ConnectionCredential | null | undefined, secret: boolean): string | null {
    if (v === undefined || v === null || v === '') return null;
    if (isCredentialReference(v)) return JSON.stringify(v);
    return secret || ambiguous(v) ? this.box.seal(v) : v;
  }

  /** The value or reference a column holds; throws UnreadableSecretError naming `field` when it will not open. */
  decode(stored: string | null, field: string): ConnectionCredential | null {
    if (stored === null) return null;
    if (stored.startsWith(SEALED_PREFIX)) return this.open(stored, field);
    if (stored.startsWith('{')) return JSON.parse(stored) as CredentialReference;
    return stored;
  }

  /** Whether a column text is sealed (as opposed to plain text or a reference). */
  static isSealed(stored: string | null): boolean {
    return stored !== null && stored.startsWith(SEALED_PREFIX);
  }

  /**
   * The static secret values of a connection (password and secret properties) in clear, for hiding them
   * inside other texts; references hold no value and a value this key cannot open is left out.
   */
  openSecrets(c: { type: string; password: string | null; properties: Record<string, StoredProperty> | null }): string[] {
    const out: string[] = [];
    const add = (read: () => ConnectionCredential | null) => {
      try {
        const v = read();
        if (typeof v === 'string') out.push(v);
      } catch (err) {
        if (!(err instanceof UnreadableSecretError)) throw err;
      }
    };
    add(() => this.decode(c.password, 'password'));
    for (const [key, p] of Object.entries(c.properties ?? {}))
      if (isSecretProperty(c.type, key)) add(() => this.decodeProperty(p, `properties.${key}`));
    return out;
  }

  /** Whether a column text holds a static value (sealed or plain), not a reference. */
  static isStatic(stored: string | null): boolean {
    return stored !== null && !stored.startsWith('{');
  }

  encodeProperty(v: ConnectionCredential, secret: boolean): StoredProperty {
    if (isCredentialReference(v)) return v;
    return secret || ambiguous(v) ? { sealed: this.box.seal(v) } : v;
  }

  decodeProperty(p: StoredProperty, field: string): ConnectionCredential {
    if (typeof p === 'string') return p;
    if ('sealed' in p) return this.open(p.sealed, field);
    return p;
  }

  private open(sealed: string, field: string): string {
    try {
      return this.box.open(sealed);
    } catch {
      throw new UnreadableSecretError(field);
    }
  }
}

// Plain text that would decode as a sealed value or a reference.
const ambiguous = (v: string): boolean => v.startsWith(SEALED_PREFIX) || v.startsWith('{');
