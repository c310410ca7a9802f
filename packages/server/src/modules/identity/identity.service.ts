import { randomBytes } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { effectiveRoles } from '@ops/shared';
import type { Config } from '../../config.js';
import { type IdentityRepository, type PersonRow } from './identity.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { Principal } from './principal.js';
import { TtlCache } from './ttl-cache.js';
import { hashSecret, newSecret } from './tokens.js';
import { SessionsRepository, type SessionRow } from './sessions.repository.js';
import { ACCOUNT_LIMITS, AttemptLimiter, ThrottledError, addressLimit } from './attempt-limiter.js';
import { ALL_REVOKED, publishRevocation, sessionRevoked } from './session-revocations.js';
import type { SessionMethod } from './identity-db.js';
import { restrictSecretFile } from '../../sandbox/data-dir-modes.js';

// Credentials are re-checked against the database at most this often; role changes also clear the caches.
const CREDENTIAL_CACHE_MS = 10_000;
/** Prefix of session cookie values and session tokens. */
export const SESSION_PREFIX = 'ops_s';

/** Authentication: passwords, sessions, access tokens and the first-admin bootstrap. */
export class IdentityService {
  private readonly basicCache = new TtlCache<Principal>(CREDENTIAL_CACHE_MS);
  private readonly bearerCache = new TtlCache<Principal>(CREDENTIAL_CACHE_MS);
  private readonly sessionCache = new TtlCache<Principal>(CREDENTIAL_CACHE_MS);

  readonly sessions: SessionsRepository;
  readonly limiter: AttemptLimiter;

  constructor(
    readonly repo: IdentityRepository,
    private readonly sessionTtlHours: number,
    /** OPS_AUTH_RATE_LIMIT: failed credential checks per client address per minute. */
    private readonly addressFailuresPerMinute = 60,
  ) {
    this.sessions = new SessionsRepository(repo.db);
    this.limiter = new AttemptLimiter(repo.db);
  }

  /**
   * verifyCredentials behind the limits shared by every password sign-in (flow, baseline login, Basic):
   * `blocked` (with seconds to wait) once this address failed too often this minute, or this identifier
   * failed too often from this address. Failures elsewhere never lock the account for this caller.
   */
  async verifyLimited(email: string, password: string, address: string): Promise<{ person?: PersonRow; blocked: boolean; retryAfter: number }> {
    const pairKey = `login:${email.trim().toLowerCase()}\u0000${address}`;
    const [addr, pair] = await Promise.all([
      this.limiter.state(`address:${address}`, addressLimit(this.addressFailuresPerMinute)),
      this.limiter.state(pairKey, ACCOUNT_LIMITS.login),
    ]);
    const wait = Math.max(addr.retryAfter, pair.retryAfter);
    if (wait > 0) return { blocked: true, retryAfter: wait };
    const person = await this.verifyCredentials(email.trim(), password);
    if (!person) {
      await Promise.all([this.failedFrom(address), this.limiter.hit(pairKey, ACCOUNT_LIMITS.login)]);
      return { blocked: false, retryAfter: 0 };
    }
    if (pair.count > 0) await this.limiter.reset(pairKey);
    return { person, blocked: false, retryAfter: 0 };
  }

  /** Throw ThrottledError when the address used up its failed credential checks for this minute. */
  async checkAddress(address: string): Promise<void> {
    const { retryAfter } = await this.limiter.state(`address:${address}`, addressLimit(this.addressFailuresPerMinute));
    if (retryAfter > 0) throw new ThrottledError(retryAfter);
  }

  /** Count a failed credential check against the caller's address. */
  async failedFrom(address: string): Promise<void> {
    await this.limiter.hit(`address:${address}`, addressLimit(this.addressFailuresPerMinute));
  }

  /** Check an email and password; undefined when either is wrong or the identity is inactive. */
  async verifyCredentials(email: string, password: string): Promise<PersonRow | undefined> {
    const person = await this.repo.personByEmail(email);
    // Hash anyway for unknown accounts so the answer takes the same time either way.
    const stored = person ? await this.repo.passwordHash(person.id) : undefined;
    const ok = await verifyPassword(stored ?? (await dummy()), password);
    if (!ok || !person || !stored || person.state === 'inactive') return undefined;
    return person;
  }

  /** Resolve `Authorization: Basic` from a client address; ThrottledError when it failed too often. */
  async authenticateBasic(email: string, password: string, address: string): Promise<Principal | undefined> {
    const key = hashSecret(`${email}\u0000${password}`);
    const hit = this.basicCache.get(key);
    if (hit) return hit;
    const { person, blocked, retryAfter } = await this.verifyLimited(email, password, address);
    if (blocked) throw new ThrottledError(retryAfter);
    // A password alone must not bypass a second factor: such people use a token for scripts.
    if (!person || (await this.repo.hasSecondFactor(person.id))) return undefined;
    const principal = toPrincipal(person, 'basic');
    this.basicCache.set(key, principal);
    return principal;
  }

  /** Resolve `Authorization: Bearer` (personal and agent access tokens) from a client address, throttled like Basic. */
  async authenticateBearer(token: string, address: string): Promise<Principal | undefined> {
    const key = hashSecret(token);
    const hit = this.bearerCache.get(key) ?? this.sessionCache.get(key);
    if (hit) return hit;
    await this.checkAddress(address);
    // Session tokens of `api` sign-in flows (the CLI) are bearer tokens too.
    const principal = token.startsWith(`${SESSION_PREFIX}_`) ? await this.authenticateSession(token) : await this.tokenPrincipal(key);
    if (!principal) await this.failedFrom(address);
    return principal;
  }

  private async tokenPrincipal(key: string): Promise<Principal | undefined> {
    const mark = this.bearerCache.mark();
    const owner = await this.repo.tokenOwner(key);
    if (!owner) return undefined;
    const person = await this.repo.personById(owner.person_id);
    if (!person || person.state === 'inactive') return undefined;
    const principal = { ...toPrincipal(person, 'token'), agentId: owner.agent_id };
    this.bearerCache.set(key, principal, mark);
    return principal;
  }

  /** Resolve a session cookie value. */
  async authenticateSession(sessionId: string): Promise<Principal | undefined> {
    const key = hashSecret(sessionId);
    const hit = this.sessionCache.get(key);
    if (hit) return hit;
    const mark = this.sessionCache.mark();
    const session = await this.sessions.byHash(key);
    // An aal1 session of a person with a second factor is only good for finishing sign-in.
    if (!session || (session.needs_aal2 && session.aal !== 'aal2')) return undefined;
    const person = await this.repo.personById(session.person_id);
    if (!person || person.state === 'inactive') return undefined;
    const principal = toPrincipal(person, 'session');
    this.sessionCache.set(key, principal, mark);
    return principal;
  }

  /** The stored session behind a cookie value or session token, whatever its aal (the flows need aal1 ones). */
  async sessionOf(sessionId: string): Promise<SessionRow | undefined> {
    return this.sessions.byHash(hashSecret(sessionId));
  }

  /**
   * Start a session (a fresh id every time: sign-in and privilege changes rotate it). The returned id goes
   * into the cookie or is the session token; only its hash is stored.
   */
  async createSession(
    personId: string,
    opts: { aal?: 'aal1' | 'aal2'; methods?: SessionMethod[]; authenticatedAt?: Date; organizationId?: string | null } = {},
  ): Promise<{ id: string; expiresAt: Date; sessionId: string }> {
    const id = newSecret(SESSION_PREFIX);
    const expiresAt = new Date(Date.now() + this.sessionTtlHours * 3_600_000);
    const sessionId = await this.sessions.insert({
      idHash: hashSecret(id),
      personId,
      expiresAt,
      aal: opts.aal ?? 'aal1',
      methods: opts.methods ?? [{ method: 'password', aal: 'aal1', completed_at: new Date().toISOString() }],
      authenticatedAt: opts.authenticatedAt ?? new Date(),
      organizationId: opts.organizationId,
    });
    return { id, expiresAt, sessionId };
  }

  /** End one session here and, through NOTIFY, in every other replica's cache at once. */
  async endSession(sessionId: string): Promise<void> {
    const idHash = hashSecret(sessionId);
    await this.sessions.delete(idHash);
    this.revoked(sessionRevoked(idHash));
    await publishRevocation(this.repo.db, sessionRevoked(idHash));
  }

  /** End every session of a person (deactivation, deletion, role change), optionally keeping one. */
  async endSessionsOf(personId: string, keepSessionId?: string): Promise<number> {
    const n = await this.sessions.deleteAllOf(personId, keepSessionId ? hashSecret(keepSessionId) : undefined);
    this.invalidate();
    await publishRevocation(this.repo.db, ALL_REVOKED);
    return n;
  }

  /** Delete sessions past their expiry and stale sign-in data (the sessions-cleanup job); returns how many rows went. */
  async deleteExpiredSessions(now = new Date()): Promise<number> {
    const sessions = await this.repo.deleteExpiredSessions(now);
    // The same periodic job clears what sign-in leaves behind (flows, codes, counters).
    return sessions + (await this.repo.deleteStaleSignInData(now));
  }

  /** Create an access token for a person (or agent); the clear value is returned once. */
  async createAccessToken(input: {
    name: string;
    personId: string;
    agentId?: string | null;
    createdBy?: string | null;
    expiresAt?: Date | null;
  }): Promise<{ id: string; token: string }> {
    const token = newSecret('ops_t');
    const id = await this.repo.insertToken({ ...input, valueHash: hashSecret(token) });
    return { id, token };
  }

  /**
   * Forget cached principals, e.g. after a role or state change or a revoked token; other replicas are
   * told through NOTIFY (fire and forget: callers are synchronous, and a lost notice expires in 10 s).
   */
  invalidate(): void {
    this.revoked(ALL_REVOKED);
    publishRevocation(this.repo.db, ALL_REVOKED).catch(() => undefined);
  }

  /** Apply a revocation notice (session-revocations.ts) to this process's caches. */
  revoked(payload: string): void {
    if (payload.startsWith('session:')) {
      this.sessionCache.delete(payload.slice('session:'.length));
      return;
    }
    this.basicCache.clear();
    this.bearerCache.clear();
    this.sessionCache.clear();
  }

  /** Create an identity with a password and roles. */
  async createUser(input: { firstName: string; lastName: string; email: string; password?: string; roles: string[] }): Promise<string> {
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    return this.repo.createIdentity({ ...input, passwordHash });
  }

  /**
   * On a database with no identities, create the admin from OPS_ADMIN_EMAIL / OPS_ADMIN_PASSWORD.
   * A generated password is printed once and written to `<data dir>/admin-password`.
   */
  async bootstrapAdmin(config: Config, print: (line: string) => void): Promise<void> {
    restrictSecretFile(path.join(config.dataDir, 'admin-password')); // 0600 also for files of older versions
    if ((await this.repo.countPeople()) > 0) return;
    let password = config.OPS_ADMIN_PASSWORD;
    if (!password) {
      password = randomBytes(12).toString('base64url');
      mkdirSync(config.dataDir, { recursive: true });
      const file = path.join(config.dataDir, 'admin-password');
      writeFileSync(file, `${password}\n`, { mode: 0o600 });
      print(`Created admin ${config.OPS_ADMIN_EMAIL} with password ${password} (also written to ${file})`);
    }
    await this.createUser({ firstName: 'Admin', lastName: '', email: config.OPS_ADMIN_EMAIL, password, roles: ['admin'] });
  }
}

function toPrincipal(person: PersonRow, via: Principal['via']): Principal {
  return { id: person.id, name: person.name, email: person.email, roles: effectiveRoles(person.roles), via };
}

// A real argon2id hash of a random string, verified against for unknown accounts so both take equally long.
let dummyHash: Promise<string> | undefined;
function dummy(): Promise<string> {
  return (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
}
