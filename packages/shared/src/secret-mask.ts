// Credentials inside specs: what counts as a secret, how it is masked for callers
// who cannot write the resource, and how an edit that sends a mask back keeps the stored value.
// The data API applies the same rules in SQL (migration 0017_secret_mask.sql, `ops_mask_secrets`);
// secret-mask.int.test.ts runs both over the same cases, so change them together.

/** What a masked credential reads as; an edit that sends it back keeps the stored value. */
export const SECRET_MASK = '••••••';

// Key names (lower-cased, without '-', '_' and spaces) holding credentials; names ending like a
// reference (tokenUrl, secretName, passwordFile) are not credentials themselves.
const SECRET_KEY = /(password|passwd|secret|token|apikey|privatekey|credential|authorization|cookie|bearer)/;
const SECRET_KEY_EXACT = /^(pwd|pass|auth)$/;
const NOT_SECRET_SUFFIX = /(url|uri|ref|name|path|file|field|type)$/;

/** Whether a key (or a header/env `name`) names a credential. */
export function isSecretKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[-_ ]/g, '');
  return SECRET_KEY_EXACT.test(k) || (SECRET_KEY.test(k) && !NOT_SECRET_SUFFIX.test(k));
}

// The password of URL userinfo (scheme://user:pass@), a token-only userinfo (scheme://token@),
// `password=…`-style pairs of connection strings and query strings, and whole `Bearer …` values.
const URL_PASSWORD = /([a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#@\s:]*):[^/?#@\s]+@/g;
const URL_TOKEN = /([a-zA-Z][a-zA-Z0-9+.-]*:\/\/)[^/?#@\s:]+@/g;
const PAIR =
  /((?:^|[\s;?&])(?:password|pwd|passwd|pass|sslpassword|token|access_token|apikey|api_key|api-key|secret|client_secret)\s*=\s*)('[^']*'|"[^"]*"|[^\s;&'"]+)/gi;
const SCHEME_VALUE = /^(\s*(?:bearer|basic|token)\s+)\S{8,}(\s*)$/i;

/** A string with every embedded credential (URL userinfo, password= pairs, Bearer values) masked. */
export function maskSecretText(s: string): string {
  return s
    .replace(URL_PASSWORD, `$1:${SECRET_MASK}@`)
    .replace(URL_TOKEN, `$1${SECRET_MASK}@`)
    .replace(PAIR, `$1${SECRET_MASK}`)
    .replace(SCHEME_VALUE, `$1${SECRET_MASK}$2`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A spec with its credentials masked: string values of credential keys, the `value` beside `valueFrom`
 * or beside a credential `name` (headers, env), the `value` of `{value: …}` under a credential key, and
 * credentials embedded in any string. `valueFrom` (references to secrets) is kept as it is.
 */
export function maskSecrets<T>(doc: T): T {
  return maskNode(doc) as T;
}

function maskNode(v: unknown): unknown {
  if (typeof v === 'string') return maskSecretText(v);
  if (Array.isArray(v)) return v.map(maskNode);
  if (!isObject(v)) return v;
  const secretValue = 'valueFrom' in v || (typeof v.name === 'string' && isSecretKey(v.name));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'valueFrom') out[k] = x;
    else if (typeof x === 'string' && x !== '' && ((k === 'value' && secretValue) || isSecretKey(k))) out[k] = SECRET_MASK;
    else if (isObject(x) && isSecretKey(k) && typeof x.value === 'string' && x.value !== '') out[k] = { ...(maskNode(x) as object), value: SECRET_MASK };
    else out[k] = maskNode(x);
  }
  return out;
}

/** Whether a value holds the mask anywhere (then an edit must be merged with the stored value). */
export function holdsSecretMask(v: unknown): boolean {
  return JSON.stringify(v ?? null).includes(SECRET_MASK);
}

/** Thrown when an edit holds the mask where the stored spec has no secret that masks to the same text. */
export class SecretMaskError extends Error {
  constructor(readonly path: string) {
    super(`${path} holds the mask ${SECRET_MASK} but no stored secret matches it: send the value itself`);
  }
}

/**
 * An edited spec with every masked string that was left untouched replaced by the stored secret at
 * the same path (by key, and by index in lists). A mask that matches nothing throws SecretMaskError.
 */
export function restoreSecrets<T>(incoming: T, stored: unknown, path = 'spec'): T {
  return restoreNode(incoming, stored, maskSecrets(stored), path) as T;
}

function restoreNode(v: unknown, stored: unknown, masked: unknown, path: string): unknown {
  if (typeof v === 'string') {
    if (!v.includes(SECRET_MASK)) return v;
    if (typeof stored === 'string' && masked === v) return stored;
    throw new SecretMaskError(path);
  }
  if (Array.isArray(v)) {
    const s = Array.isArray(stored) ? stored : [];
    const m = Array.isArray(masked) ? masked : [];
    return v.map((x, i) => restoreNode(x, s[i], m[i], `${path}[${i}]`));
  }
  if (!isObject(v)) return v;
  const s = isObject(stored) ? stored : {};
  const m = isObject(masked) ? masked : {};
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, restoreNode(x, s[k], m[k], `${path}.${k}`)]));
}
