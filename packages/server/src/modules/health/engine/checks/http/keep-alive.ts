// Connections to check targets stay open between runs: thousands of checks a minute against a few hosts
// would otherwise each pay a TCP (and TLS) handshake and a close, in the server and in the target.
// One agent per protocol; Node keys its pools by host, port and TLS settings, so checks with different
// CAs or client certificates never share a connection. TLS sessions are not resumed: a resumed session
// carries no peer certificate, which sslAge and maxSSLExpiry read (a reused socket still has it).
import http from 'node:http';
import https from 'node:https';

// Idle sockets close after this long, below the 5 s keep-alive timeout of Node's HTTP server (and most
// others), so that we close an idle connection before the target does and rarely meet a closed one.
const IDLE_MS = 4_000;
const options = { keepAlive: true, timeout: IDLE_MS, maxFreeSockets: 256, scheduling: 'lifo' as const };

const plain = new http.Agent(options);
const secure = new https.Agent({ ...options, maxCachedSessions: 0 });

/** The shared keep-alive agent for a URL's protocol. */
export function keepAliveAgent(url: URL): http.Agent {
  return url.protocol === 'https:' ? secure : plain;
}

/**
 * Whether a request that failed on a reused connection may be sent again on a new one: the target closed
 * the idle connection as we reused it, before any response (Node answers ECONNRESET or "socket hang up").
 */
export function closedWhileIdle(err: unknown, method: string, reusedSocket: boolean): boolean {
  if (!reusedSocket || !['GET', 'HEAD', 'OPTIONS'].includes(method)) return false;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}
