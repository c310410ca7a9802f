// testConnection: picks the type's tester, bounds it by the deadline and the caller's signal, and
// turns every failure into one Error whose message is the cause with the connection's secrets
// blanked out (drivers and servers echo URLs, and a password must never reach the page or a log).
import { secretPropertyNames } from '@ops/shared';
import { hideTexts, secretTexts } from '../secret-texts.js';
import { testElasticsearch, testHttp, testPrometheus } from './http-apis.js';
import { testGit } from './git.js';
import { testKubernetes } from './kubernetes.js';
import { testLdap } from './ldap.js';
import { testRedis } from './redis.js';
import { testS3 } from './s3.js';
import { testSftp } from './sftp.js';
import { testSmtp } from './smtp.js';
import { testMysql, testPostgres, testSqlServer } from './sql.js';
import { causeText, NotTestableError, type ConnectionTester, type DecryptedConnection, type TestOptions } from './types.js';
import { testDiscord, testGenericWebhook, testSlack, testTeams } from './webhooks.js';

// Types missing here have no test: smb (no pure-JS client without install scripts), the
// cloud APIs (they need their SDKs' credential chains), and notification channels whose only
// test would be a message to a third-party service with no loopback equivalent here.
const TESTERS: Record<string, ConnectionTester> = {
  postgres: testPostgres,
  mysql: testMysql,
  sql_server: testSqlServer,
  http: testHttp,
  prometheus: testPrometheus,
  elasticsearch: testElasticsearch,
  redis: testRedis,
  ldap: testLdap,
  email: testSmtp,
  kubernetes: testKubernetes,
  s3: testS3,
  sftp: testSftp,
  git: testGit,
  slack: testSlack,
  teams: testTeams,
  discord: testDiscord,
  generic_webhook: testGenericWebhook,
};

/** Whether the type has a test (the API answers 501 for the others). */
export function isTestable(type: string): boolean {
  return Object.prototype.hasOwnProperty.call(TESTERS, type);
}

/** The message with every secret replaced by `***`. */
export function redactSecrets(message: string, c: DecryptedConnection): string {
  return hideTexts(message, secretTexts([c.password, ...secretPropertyNames(c.type).map((n) => c.properties[n])]), '***');
}

/**
 * Really connects to what the connection points at. Resolves when the peer accepted it; throws
 * NotTestableError for a type without a test, else an Error whose message is the cause.
 */
export async function testConnection(c: DecryptedConnection, opts: TestOptions): Promise<void> {
  const tester = TESTERS[c.type];
  if (!tester) throw new NotTestableError(c.type);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('timed out'));
  }, opts.timeoutMs);
  const onAbort = () => controller.abort(opts.signal.reason);
  if (opts.signal.aborted) onAbort();
  else opts.signal.addEventListener('abort', onAbort, { once: true });
  // Not every driver stops on abort, so the abort itself settles the test.
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
  aborted.catch(() => undefined);
  try {
    await Promise.race([tester(c, { ...opts, signal: controller.signal }), aborted]);
  } catch (err) {
    if (timedOut) throw new Error(`no answer within ${Math.round(opts.timeoutMs / 100) / 10} s`);
    if (opts.signal.aborted) throw new Error('the test was cancelled');
    throw new Error(redactSecrets(causeText(err), c) || 'the connection failed for an unknown reason');
  } finally {
    clearTimeout(timer);
    opts.signal.removeEventListener('abort', onAbort);
    if (!controller.signal.aborted) controller.abort(new Error('done'));
  }
}
