// What a connection test receives (the store's decrypted connection) and where the chat services live.
import type { DecryptedConnection } from '../connection-use.js';

export type { DecryptedConnection };

/** Where the chat services' APIs live; tests point them at a loopback peer. */
export interface ServiceUrls {
  slackApi: string;
  slackHooks: string;
  discord: string;
}

export const SERVICE_URLS: ServiceUrls = {
  slackApi: 'https://slack.com',
  slackHooks: 'https://hooks.slack.com',
  discord: 'https://discord.com',
};

export interface TestOptions {
  /** Aborted when the caller goes away or the deadline passes. */
  signal: AbortSignal;
  timeoutMs: number;
  serviceUrls?: Partial<ServiceUrls>;
}

/** One type's test: resolves when the peer accepted the connection, throws with the cause otherwise. */
export type ConnectionTester = (c: DecryptedConnection, opts: TestOptions) => Promise<void>;

/** The type has no test here (the API answers 501 and the page says testing is not supported). */
export class NotTestableError extends Error {
  constructor(readonly type: string) {
    super(`testing ${type} connections is not supported`);
    this.name = 'NotTestableError';
  }
}

/** The connection's fields are not enough to try it (no URL, no host, …): the message names the field. */
export class IncompleteConnectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IncompleteConnectionError';
  }
}

/** `c.url`, or an IncompleteConnectionError naming the field. */
export function requireUrl(c: DecryptedConnection, what = 'url'): string {
  const url = c.url?.trim();
  if (!url) throw new IncompleteConnectionError(`the connection has no ${what}`);
  return url;
}

/** Mission Control URLs may carry `$(username)` and `$(password)`: the connection's own, URL-encoded. */
export function expandCredentials(url: string, c: DecryptedConnection): string {
  return url
    .replaceAll('$(username)', encodeURIComponent(c.username ?? ''))
    .replaceAll('$(password)', encodeURIComponent(c.password ?? ''));
}

/** Whether a URL already names a user (`scheme://user[:pass]@host`). */
export function hasUserInfo(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url);
}

/** A URL fit for a message: the password part of its user info replaced. */
export function safeUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@?#]*):[^@/?#]*@/i, '$1:***@');
}

/** The message of anything thrown; AggregateErrors (every address refused) list each cause. */
export function causeText(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return err.errors.map(causeText).join('; ');
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}
