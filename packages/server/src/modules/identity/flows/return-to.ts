import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../config.js';

/** This server's public origin: OPS_PUBLIC_URL, else the origin the request came to. */
export function publicOrigin(config: Config, request: FastifyRequest): string {
  if (config.OPS_PUBLIC_URL) return new URL(config.OPS_PUBLIC_URL).origin;
  return `${request.protocol}://${request.host}`;
}

/**
 * `return_to` may only lead back to our own origin: a path ('/health?x=1') or an absolute URL on the
 * public origin. Returns the normalised value (a path), undefined when absent, or null when forbidden.
 */
export function checkReturnTo(value: unknown, origin: string): string | undefined | null {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 2048) return null;
  // '//evil.com' and '/\evil.com' are protocol-relative in browsers.
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) {
    return [...value].some((ch) => ch.charCodeAt(0) < 0x20) ? null : value;
  }
  try {
    const url = new URL(value);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
