/**
 * A safe in-app path from a `return_to` value: only same-origin paths are honoured, anything
 * else (other hosts, protocol-relative '//x', javascript:) falls back to '/'.
 */
export function safeReturnTo(value: string | null | undefined, origin = window.location.origin): string {
  if (!value) return '/';
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return '/';
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (path.startsWith('/login') || path.startsWith('/auth-state-checker')) return '/';
    return path;
  } catch {
    return '/';
  }
}

/**
 * A same-origin path from a redirect the server chose (e.g. `/login?aal=aal2&return_to=…` after the first
 * factor): unlike a caller's return_to, it may be a sign-in page; other origins fall back to '/'.
 */
export function sameOriginPath(value: string, origin = window.location.origin): string {
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}

/** The current location as a return_to value (path + search). */
export function currentReturnTo(location: { pathname: string; search: string } = window.location): string {
  return `${location.pathname}${location.search}`;
}
