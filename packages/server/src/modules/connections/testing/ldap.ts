// LDAP: a simple bind as the connection's username (a DN, or user@domain for Active Directory) with
// its password, by the pure-JS `ldapts` client; ldaps:// honours insecure_tls. An empty password
// would be an anonymous bind that every server accepts, so it proves nothing and is refused.
import { Client, ResultCodeError } from 'ldapts';
import { causeText, expandCredentials, requireUrl, safeUrl, IncompleteConnectionError, type ConnectionTester } from './types.js';

export const testLdap: ConnectionTester = async (c, opts) => {
  const url = expandCredentials(requireUrl(c), c);
  if (!/^ldaps?:\/\/[^/]/i.test(url)) throw new Error(`"${safeUrl(url)}" is not an ldap:// or ldaps:// URL`);
  if (!c.username) throw new IncompleteConnectionError('the connection has no username (the DN to bind as)');
  if (!c.password) throw new IncompleteConnectionError('the connection has no password (an anonymous bind proves nothing)');
  const client = new Client({
    url,
    timeout: opts.timeoutMs,
    connectTimeout: opts.timeoutMs,
    strictDN: false,
    // ldapts speaks TLS whenever tlsOptions are given, so only ldaps:// URLs get them.
    ...(/^ldaps:/i.test(url) ? { tlsOptions: { rejectUnauthorized: !c.insecure_tls } } : {}),
  });
  const onAbort = () => void client.unbind().catch(() => undefined);
  opts.signal.addEventListener('abort', onAbort, { once: true });
  try {
    await client.bind(c.username, c.password);
  } catch (err) {
    const code = err instanceof ResultCodeError ? ` (LDAP result code ${err.code})` : '';
    throw new Error(`ldap: bind as ${c.username} to ${safeUrl(url)} failed: ${causeText(err)}${code}`);
  } finally {
    opts.signal.removeEventListener('abort', onAbort);
    await client.unbind().catch(() => undefined);
  }
};
