import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashSecret, newSecret } from '../tokens.js';

/** The cookie a browser flow's csrf_token is bound to (HttpOnly: script cannot read it, only the flow shows the token). */
export const CSRF_COOKIE = 'ops_csrf';

/**
 * The CSRF cookie of this browser, set when missing. The flow's csrf_token is derived from it
 * (`csrfToken`), and the flow stores `csrfHash` so a submit must carry both cookie and token.
 */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply): string {
  let value = request.cookies[CSRF_COOKIE];
  if (!value || value.length < 20) {
    value = newSecret('ops_c');
    reply.setCookie(CSRF_COOKIE, value, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      maxAge: 30 * 86_400,
    });
    request.cookies[CSRF_COOKIE] = value;
  }
  return value;
}

/** The token a flow shows in its csrf_token node for this cookie. */
export function csrfToken(cookie: string): string {
  return hashSecret(`csrf-token:${cookie}`);
}

/** What a browser flow stores to bind itself to the cookie. */
export function csrfHash(cookie: string): string {
  return hashSecret(`csrf-flow:${cookie}`);
}

/** Whether a submit carries the flow's cookie and the matching token. */
export function csrfValid(flowHash: string | null, cookie: string | undefined, token: unknown): boolean {
  if (!flowHash || !cookie || typeof token !== 'string') return false;
  return safeEqual(csrfHash(cookie), flowHash) && safeEqual(csrfToken(cookie), token);
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
