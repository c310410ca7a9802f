// icmp: pings a host with the system `ping` (Node has no raw sockets); fails on packet loss above
// packetLossThreshold (%) or average latency above thresholdMillis.
import { execFile } from 'node:child_process';
import { RUNNABLE_CHECK_SCHEMAS } from '@ops/shared';
import type { CheckType } from './check-type.js';
import { hostOfEndpoint } from './host-port.js';
import { parsePingOutput } from './ping-output.js';
import { failed, passed } from './probe-results.js';

const DEFAULT_PACKETS = 2;
/** Seconds ping waits for the last reply. */
const REPLY_WAIT_S = 1;
const INTERVAL_S = 0.2;

export const icmpCheck: CheckType = {
  type: 'icmp',
  schema: RUNNABLE_CHECK_SCHEMAS.icmp,
  endpoint: (spec) => String(spec.endpoint ?? ''),
  async run(spec, ctx) {
    const host = hostOfEndpoint(String(spec.endpoint));
    if (!host) return failed(`endpoint "${String(spec.endpoint)}" is not a host name or IP address`);
    const count = Number(spec.packetCount || DEFAULT_PACKETS);
    const deadline = Math.ceil(count * INTERVAL_S + REPLY_WAIT_S);
    const args = ['-n', '-c', String(count), '-i', String(INTERVAL_S), '-W', String(REPLY_WAIT_S), '-w', String(deadline), host];
    const run = await runPing(args, ctx.signal, (deadline + 2) * 1000);
    if (run.missing) return failed('icmp checks need the system ping command (Debian package iputils-ping), which is not installed');
    const summary = parsePingOutput(run.stdout);
    if (!summary) return failed(`ping ${host} failed: ${(run.stderr || run.stdout).trim() || `exit code ${run.code}`}`);
    const latency = summary.rtt?.avg;
    const data = {
      endpoint: host,
      packetLoss: summary.loss,
      latency: latency ?? null,
      packetsSent: summary.transmitted,
      packetsReceived: summary.received,
      rtt: summary.rtt ?? null,
    };
    const labels = { endpoint: String(spec.endpoint), ip: host };
    const metrics = [
      { name: 'packetLoss', type: 'gauge' as const, value: summary.loss, labels },
      ...(latency === undefined ? [] : [{ name: 'latency', type: 'histogram' as const, value: latency, labels }]),
    ];
    const extra = { duration: latency ?? 0, metrics, data };
    const lossLimit = Number(spec.packetLossThreshold ?? 0);
    if (summary.loss > lossLimit) return failed(`packet loss of ${summary.loss}% > ${lossLimit}%`, extra);
    const threshold = Number(spec.thresholdMillis ?? 0);
    if (threshold > 0 && latency !== undefined && latency > threshold) return failed(`latency of ${latency}ms > ${threshold}ms`, extra);
    return passed(data, { ...extra, message: `${summary.received}/${summary.transmitted} replies, avg ${latency ?? '-'}ms` });
  },
};

interface PingRun {
  stdout: string;
  stderr: string;
  code: number;
  missing: boolean;
}

function runPing(args: string[], signal: AbortSignal, timeout: number): Promise<PingRun> {
  return new Promise((resolve) => {
    execFile('ping', args, { signal, timeout, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C' } }, (err, stdout, stderr) => {
      const e = err as (NodeJS.ErrnoException & { code?: string | number }) | null;
      resolve({ stdout, stderr, code: typeof e?.code === 'number' ? e.code : e ? 1 : 0, missing: e?.code === 'ENOENT' });
    });
  });
}
