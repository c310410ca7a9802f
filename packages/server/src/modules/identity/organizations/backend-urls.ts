import { badRequest } from '../../../http/errors.js';

/**
 * The origins an organisation's backend_url may name: OPS_ORG_BACKEND_URLS (comma-separated), or, when that
 * is empty, only the console's own origin. The web sends the person's bearer token to backend_url, so an
 * address nobody vetted would receive it.
 */
export function allowedBackendOrigins(setting: string, ownOrigin: string): string[] {
  const listed = setting
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => new URL(o).origin);
  return listed.length > 0 ? [...new Set(listed)] : [new URL(ownOrigin).origin];
}

/**
 * Whether a stored backend_url is still allowed (null means this console, where the token never leaves us);
 * checked again before each token, since the setting may have shrunk or the row predate it.
 */
export function isAllowedBackend(url: string | null, allowed: string[]): boolean {
  return url === null || allowed.includes(url);
}

/**
 * Normalise a requested backend_url to its origin, or answer 400 naming the rule: it must be a bare
 * http(s) origin (no credentials, path, query or fragment) listed in OPS_ORG_BACKEND_URLS.
 */
export function checkBackendUrl(value: string, allowed: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest('backend_url must be a URL');
  }
  const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username && !url.password;
  if (!['http:', 'https:'].includes(url.protocol) || !bare) {
    throw badRequest('backend_url must be an origin such as https://eu.ops.example.com (no path, query or credentials)');
  }
  if (!allowed.includes(url.origin)) {
    throw badRequest(
      `backend_url ${url.origin} is not allowed: it must be one of the origins in OPS_ORG_BACKEND_URLS (${allowed.join(', ')})`,
    );
  }
  return url.origin;
}
