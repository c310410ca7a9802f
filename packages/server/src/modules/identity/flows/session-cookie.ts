import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../../http/auth.js';
import type { IdentityRecord } from '../credentials.repository.js';
import type { SessionMethod } from '../identity-db.js';
import type { IdentityServices } from '../identity-services.js';
import { SESSION_PREFIX } from '../identity.service.js';
import type { SessionRow } from '../sessions.repository.js';

export interface CurrentSession {
  row: SessionRow;
  /** The cookie value or session token. */
  secret: string;
  via: 'cookie' | 'token';
  identity: IdentityRecord;
}

/** The caller's session of any aal: cookie, `X-Session-Token`, or `Authorization: Bearer ops_s_…`. */
export async function currentSession(request: FastifyRequest, s: IdentityServices): Promise<CurrentSession | undefined> {
  const header = request.headers['x-session-token'];
  const auth = request.headers.authorization ?? '';
  const bearer = /^bearer\s+/i.test(auth) ? auth.replace(/^bearer\s+/i, '').trim() : '';
  const token = typeof header === 'string' && header ? header : bearer.startsWith(`${SESSION_PREFIX}_`) ? bearer : '';
  const secret = token || request.cookies[SESSION_COOKIE];
  if (!secret) return undefined;
  const row = await s.identity.sessionOf(secret);
  if (!row) return undefined;
  const identity = await s.credentials.identity(row.person_id);
  if (!identity || identity.state === 'inactive' || identity.deleted) return undefined;
  return { row, secret, via: token ? 'token' : 'cookie', identity };
}

/** Whether a session is enough for the API: aal2 when the identity has a second factor. */
export function sessionSufficient(row: SessionRow): boolean {
  return !row.needs_aal2 || row.aal === 'aal2';
}

/**
 * Issue a new session (a new id at every sign-in and privilege change) and end the one it replaces.
 * Browser flows get the cookie; api flows get the session token back.
 */
export async function issueSession(
  request: FastifyRequest,
  reply: FastifyReply,
  s: IdentityServices,
  type: 'browser' | 'api',
  personId: string,
  opts: { aal: 'aal1' | 'aal2'; methods: SessionMethod[]; replaces?: CurrentSession; organizationId?: string | null },
): Promise<{ secret: string; row: SessionRow }> {
  if (opts.replaces) await s.identity.endSession(opts.replaces.secret);
  else if (type === 'browser' && request.cookies[SESSION_COOKIE]) await s.identity.endSession(request.cookies[SESSION_COOKIE]);
  const created = await s.identity.createSession(personId, { aal: opts.aal, methods: opts.methods, organizationId: opts.organizationId });
  if (type === 'browser') setSessionCookie(request, reply, created.id, created.expiresAt);
  const row = await s.identity.sessionOf(created.id);
  if (!row) throw new Error('session vanished right after it was created');
  return { secret: created.id, row };
}

/** Set the session cookie; `Secure` comes from the cookie plugin's defaults (https public URL or request). */
export function setSessionCookie(_request: FastifyRequest, reply: FastifyReply, value: string, expires: Date): void {
  reply.setCookie(SESSION_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'lax', expires });
}

/** Expire the session cookie with the attributes it was set with. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
}

/** A session method entry completed now. */
export function method(name: string, aal: 'aal1' | 'aal2', provider?: string): SessionMethod {
  return { method: name, aal, completed_at: new Date().toISOString(), ...(provider ? { provider } : {}) };
}
