// Redis: connect with the `redis` client the health check uses, authenticate, select
// `properties.db` and expect PONG to PING. rediss:// (TLS) honours insecure_tls.
import { createClient } from 'redis';
import { parseHostPort } from '../../health/index.js';
import { causeText, expandCredentials, requireUrl, safeUrl, type ConnectionTester } from './types.js';

interface RedisTarget {
  host: string;
  port: number;
  tls: boolean;
  username: string;
  password: string;
  db: number;
}

function parseTarget(text: string): RedisTarget {
  if (/^rediss?:\/\//i.test(text)) {
    const u = new URL(text);
    return {
      host: u.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: Number(u.port || 6379),
      tls: u.protocol === 'rediss:',
      username: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      db: Number(u.pathname.slice(1) || 0),
    };
  }
  const hp = parseHostPort(text);
  if (!hp) throw new Error(`redis: "${safeUrl(text)}" is neither host:port nor a redis:// URL`);
  return { ...hp, tls: false, username: '', password: '', db: 0 };
}

export const testRedis: ConnectionTester = async (c, opts) => {
  const target = parseTarget(expandCredentials(requireUrl(c), c));
  const dbText = c.properties.db?.trim();
  const db = dbText ? Number(dbText) : target.db;
  if (!Number.isInteger(db) || db < 0) throw new Error(`redis: db "${dbText}" is not a database number`);
  const username = c.username || target.username;
  const password = c.password || target.password;
  const socket = { host: target.host, port: target.port, connectTimeout: opts.timeoutMs, socketTimeout: opts.timeoutMs };
  const client = createClient({
    socket: target.tls
      ? { ...socket, tls: true as const, rejectUnauthorized: !c.insecure_tls, reconnectStrategy: false as const }
      : { ...socket, reconnectStrategy: false as const },
    ...(password ? { password, ...(username ? { username } : {}) } : {}),
    database: db,
    disableClientInfo: true,
    disableOfflineQueue: true,
  });
  client.on('error', () => undefined); // errors surface through connect/commands; this only stops a crash
  const onAbort = () => client.destroy();
  opts.signal.addEventListener('abort', onAbort, { once: true });
  try {
    await client.connect();
    const pong = await client.ping();
    if (pong !== 'PONG') throw new Error(`expected PONG, got ${String(pong)}`);
  } catch (err) {
    throw new Error(`redis: ${causeText(err)}`);
  } finally {
    opts.signal.removeEventListener('abort', onAbort);
    if (client.isOpen) client.destroy();
  }
};
