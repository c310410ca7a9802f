// Endpoint parsing shared by tcp, redis and icmp: `host:port`, `[v6]:port`, bare hosts and URLs.
import { isIP } from 'node:net';

/** host and port of `host:port` / `[::1]:port`; undefined when the text is not of that form. */
export function parseHostPort(endpoint: string): { host: string; port: number } | undefined {
  const m = /^\[([^\]]+)\]:(\d{1,5})$/.exec(endpoint) ?? /^([^\s:/[\]@]+):(\d{1,5})$/.exec(endpoint);
  if (!m) return undefined;
  const port = Number(m[2]);
  if (port < 1 || port > 65535) return undefined;
  return { host: m[1]!, port };
}

const HOSTNAME = /^(?=.{1,253}$)[a-zA-Z0-9_](?:[a-zA-Z0-9_-]{0,62})(?:\.[a-zA-Z0-9_](?:[a-zA-Z0-9_-]{0,62}))*\.?$/;

/** True for an IP address or a syntactically valid host name. */
export function isHostName(text: string): boolean {
  return isIP(text) !== 0 || HOSTNAME.test(text);
}

/** The host of an ICMP-style endpoint: a host, an IP, `[v6]`, or a URL whose host is used. */
export function hostOfEndpoint(endpoint: string): string | undefined {
  let text = endpoint.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    try {
      text = new URL(text).hostname;
    } catch {
      return undefined;
    }
  }
  text = text.replace(/^\[(.*)\]$/, '$1');
  return isHostName(text) ? text : undefined;
}
