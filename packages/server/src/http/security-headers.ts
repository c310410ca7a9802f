import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The `'sha256-…'` source of each inline `<script>` (no src) in an HTML page, for script-src. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(m[1] ?? '')) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy the built web app satisfies. Script: our own files plus the hashed inline
 * theme snippet. Style: 'unsafe-inline' because Radix (popper positioning), @xyflow/react (node transforms)
 * and CodeMirror (its style module) set inline styles at run time; injected CSS cannot run script, so this
 * is a far smaller risk than inline script. Images: data: (the favicon, avatars) and blob:; the graph layout
 * runs in a Web Worker (worker-src). Nothing may frame us (frame-ancestors 'none').
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` ${h}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Put the security headers on every answer (HTML, assets, API, errors): nothing is sniffed, framed or leaks its URL. */
export function installSecurityHeaders(app: FastifyInstance, csp: string): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', csp);
    return payload;
  });
}
