// dns: asks a DNS server for one name and type; fails when fewer than minrecords answers come back,
// when the answers differ from exactreply, or when the lookup takes longer than thresholdMillis.
import { readFileSync } from 'node:fs';
import { RUNNABLE_CHECK_SCHEMAS } from '@ops/shared';
import type { CheckType } from '../check-type.js';
import { errorText, failed, passed } from '../probe-results.js';
import { LOOKUPS } from './lookups.js';

const DEFAULT_TIMEOUT_S = 10;

export const dnsCheck: CheckType = {
  type: 'dns',
  schema: RUNNABLE_CHECK_SCHEMAS.dns,
  endpoint: (spec) => `${String(spec.server ?? '')}:${String(spec.port ?? 53)}/${queryType(spec)}/${String(spec.query ?? '')}`,
  async run(spec, ctx) {
    const type = queryType(spec);
    const server = String(spec.server || systemNameserver());
    const port = Number(spec.port || 53);
    const query = String(spec.query);
    const timeoutMs = Math.min(Number(spec.timeout || DEFAULT_TIMEOUT_S) * 1000, ctx.remainingMs());
    const started = performance.now();
    let answers: string[];
    try {
      answers = await LOOKUPS[type]!(query, { server, port, timeoutMs, signal: ctx.signal });
    } catch (err) {
      return failed(errorText(err));
    }
    // Sub-millisecond answers count as 1 ms, as canary-checker rounds them.
    const duration = Math.max(1, Math.round(performance.now() - started));
    const data = { records: answers, server, port, query, querytype: type };
    const problem = compare(answers, spec);
    if (problem) return failed(`${type} ${query} on ${server}: ${problem}`, { duration, data });
    const threshold = Number(spec.thresholdMillis ?? 0);
    if (threshold > 0 && duration > threshold) return failed(`${duration}ms > ${threshold}ms`, { duration, data });
    return passed(data, { duration, message: `got [${answers.join(' ')}]` });
  },
};

function queryType(spec: Record<string, unknown>): string {
  return String(spec.querytype || 'A').toUpperCase();
}

/** canary-checker's checkResult: a minimum count, then an exact (order-insensitive) match. */
function compare(got: string[], spec: Record<string, unknown>): string | undefined {
  const min = Number(spec.minrecords ?? 0);
  if (got.length < min) return `returned ${got.length} results, expecting ${min}`;
  const exact = (spec.exactreply as string[] | undefined) ?? [];
  if (exact.length === 0) return undefined;
  const a = [...got].sort();
  const b = [...exact].sort();
  if (a.length !== b.length || a.some((v, i) => v !== b[i])) return `Got [${a.join(' ')}], expected [${exact.join(' ')}]`;
  return undefined;
}

/** The first nameserver of /etc/resolv.conf, for checks that name no server. */
function systemNameserver(): string {
  try {
    const m = /^\s*nameserver\s+(\S+)/m.exec(readFileSync('/etc/resolv.conf', 'utf8'));
    if (m) return m[1]!;
  } catch {
    // no resolv.conf: fall back to a local resolver
  }
  return '127.0.0.1';
}
