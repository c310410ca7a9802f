// tcp: opens a TCP connection to host:port; fails when it cannot or when it takes longer than thresholdMillis.
import { connect } from 'node:net';
import { RUNNABLE_CHECK_SCHEMAS } from '@ops/shared';
import type { CheckType } from './check-type.js';
import { parseHostPort } from './host-port.js';
import { failed, passed } from './probe-results.js';
import { formatMs } from '../values/durations.js';

export const tcpCheck: CheckType = {
  type: 'tcp',
  schema: RUNNABLE_CHECK_SCHEMAS.tcp,
  endpoint: (spec) => String(spec.endpoint ?? ''),
  validate(spec) {
    const endpoint = String(spec.endpoint ?? '');
    return parseHostPort(endpoint) ? [] : [['endpoint', `expected host:port, got "${endpoint}"`]];
  },
  async run(spec, ctx) {
    const target = parseHostPort(String(spec.endpoint));
    if (!target) return failed(`Incorrect endpoint format: ${String(spec.endpoint)} should be ADDRESS:PORT`);
    const threshold = Number(spec.thresholdMillis ?? 0);
    const limit = threshold > 0 ? Math.min(threshold, ctx.remainingMs()) : ctx.remainingMs();
    const started = performance.now();
    try {
      await openConnection(target.host, target.port, limit, ctx.signal);
    } catch (err) {
      return failed(`Connection error: ${(err as Error).message}`);
    }
    const elapsed = performance.now() - started;
    const where = `${target.host}:${target.port}`;
    if (threshold > 0 && elapsed > threshold)
      return failed(`threshold exceeded ${formatMs(elapsed)} > ${threshold}ms`, { duration: elapsed });
    return passed({ elapsed }, { message: `Successfully opened: ${where}`, duration: elapsed });
  },
};

/** Connects and closes at once; rejects on error, abort or after `timeoutMs`. */
function openConnection(host: string, port: number, timeoutMs: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const done = (err?: Error) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
      if (err) reject(err);
      else resolve();
    };
    const onAbort = () => done(new Error('aborted'));
    const timer = setTimeout(() => done(new Error(`dial tcp ${host}:${port}: i/o timeout after ${timeoutMs}ms`)), Math.max(1, timeoutMs));
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => done());
    socket.once('error', (err) => done(err));
  });
}
