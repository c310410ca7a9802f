// The address to open in a browser for a listening address. A loopback or wildcard IP becomes `localhost`:
// browsers refuse security keys (WebAuthn) on an IP address, and localhost counts as a secure origin.
const LOCAL = new Set(['127.0.0.1', '0.0.0.0', '[::1]', '[::]']);

export function browserUrl(listening: string): string {
  const url = new URL(listening);
  if (LOCAL.has(url.hostname)) url.hostname = 'localhost';
  return url.origin;
}
