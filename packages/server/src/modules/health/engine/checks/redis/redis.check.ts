// redis: connects (addr `host:port` or a redis:// URL) with the `redis` client, authenticates,
// selects `db`, expects PONG to PING and exposes the server's INFO as `results.info`.
import { createClient } from 'redis';
import { RUNNABLE_CHECK_SCHEMAS } from '@ops/shared';
import type { CheckType } from '../check-type.js';
import { parseHostPort } from '../host-port.js';
import { errorText, failed, invalid, passed } from '../probe-results.js';
import { resolveConnection } from '../../values/env-vars.js';

export const redisCheck: CheckType = {
  type: 'redis',
  schema: RUNNABLE_CHECK_SCHEMAS.redis,
  endpoint: (spec) => String(spec.addr || spec.url || spec.connection || '').replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:###@'),
  validate: (spec) => (spec.addr || spec.url || spec.connection ? [] : [['addr', 'is required (host:port)']]),
  async run(spec, ctx) {
    const conn = await resolveConnection({ ...spec, url: spec.url || spec.addr }, ctx.resolve);
    if (conn.url.startsWith('rediss://')) return invalid('redis: rediss:// (TLS) is not supported here');
    const target = parseTarget(conn.url);
    if (!target) return invalid(`redis: "${conn.url}" is neither host:port nor a redis:// URL`);
    const username = conn.username || target.username;
    const password = conn.password || target.password;
    // The check's own db wins; else a stored connection's `db` property; else the URL's path.
    const connectionDb = conn.properties.db?.trim();
    const dbText = spec.db !== undefined ? String(spec.db) : connectionDb || String(target.db);
    const database = Number(dbText);
    if (!Number.isInteger(database) || database < 0) return invalid(`redis: db "${dbText}" is not a database number`);
    const timeout = Math.max(1, ctx.remainingMs());
    const client = createClient({
      socket: { host: target.host, port: target.port, connectTimeout: timeout, socketTimeout: timeout, reconnectStrategy: false },
      ...(password ? { password, ...(username ? { username } : {}) } : {}),
      database,
      disableClientInfo: true,
      disableOfflineQueue: true,
    });
    client.on('error', () => undefined); // errors surface through connect/commands; this only stops a crash
    const onAbort = () => client.destroy();
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    try {
      await client.connect();
      const pong = await client.ping();
      if (pong !== 'PONG') return failed(`expected PONG as result, got ${String(pong)}`);
      const info = parseInfo(await client.info('server'));
      return passed({}, { detail: { ping: pong, info }, message: `PONG from redis ${info.redis_version ?? ''}`.trim() });
    } catch (err) {
      return failed(`redis: ${errorText(err)}`);
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
      if (client.isOpen) client.destroy();
    }
  },
};

interface RedisTarget {
  host: string;
  port: number;
  username: string;
  password: string;
  db: number;
}

function parseTarget(text: string): RedisTarget | undefined {
  if (/^rediss?:\/\//.test(text)) {
    const u = new URL(text);
    return {
      host: u.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: Number(u.port || 6379),
      username: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      db: Number(u.pathname.slice(1) || 0),
    };
  }
  const hp = parseHostPort(text);
  return hp ? { ...hp, username: '', password: '', db: 0 } : undefined;
}

/** INFO's "key:value" lines as a map. */
function parseInfo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0 && !line.startsWith('#')) out[line.slice(0, i)] = line.slice(i + 1);
  }
  return out;
}
