// mongodb: connects with the official `mongodb` driver to a mongodb:// or mongodb+srv:// URL and
// pings the primary, as canary-checker does; the ping reply reaches expressions as `results`.
import { RUNNABLE_CHECK_SCHEMAS } from '@ops/shared';
import type { CheckType } from '../check-type.js';
import { errorText, failed, invalid, passed } from '../probe-results.js';
import { resolveConnection } from '../../values/env-vars.js';
import { withLegacyAuth } from './legacy-auth.js';
import { isProbeResult, loadDriver } from './load-driver.js';

export const mongodbCheck: CheckType = {
  type: 'mongodb',
  schema: RUNNABLE_CHECK_SCHEMAS.mongodb,
  endpoint: (spec) => String(spec.url || spec.connection || '').replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:###@'),
  validate: (spec) => (spec.url || spec.connection ? [] : [['connection', 'is required (a connection:// reference or a mongodb:// URL)']]),
  async run(spec, ctx) {
    const conn = await resolveConnection(withLegacyAuth(spec), ctx.resolve);
    if (!conn.url) return invalid('no url or connection specified');
    if (!/^mongodb(\+srv)?:\/\//i.test(conn.url)) return invalid(`mongodb: the url must start with mongodb:// or mongodb+srv://`);
    const driver = await loadDriver('mongodb', 'mongodb', () => import('mongodb'));
    if (isProbeResult(driver)) return driver;
    // Server selection reports why it failed only when it gives up, so it must give up before the check's timeout.
    const timeout = Math.max(1, ctx.remainingMs() - 300);
    const ownAuth = conn.username && !/\/\/[^/]*@/.test(conn.url) ? { auth: { username: conn.username, password: conn.password } } : {};
    let client: InstanceType<typeof driver.MongoClient>;
    try {
      client = new driver.MongoClient(conn.url, {
        ...ownAuth,
        serverSelectionTimeoutMS: timeout,
        connectTimeoutMS: timeout,
        socketTimeoutMS: timeout,
        appName: 'ops-console health check',
      });
    } catch (err) {
      return invalid(`mongodb: ${errorText(err)}`);
    }
    const onAbort = () => void client.close(true).catch(() => undefined);
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    try {
      await client.connect();
      const reply = await client.db('admin').command({ ping: 1 }, { readPreference: 'primary' });
      return passed({}, { detail: reply });
    } catch (err) {
      return failed(`mongodb: ${errorText(err)}`);
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
      await client.close(true).catch(() => undefined);
    }
  },
};
