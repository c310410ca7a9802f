import autocannon from 'autocannon';
import { cpuSeconds, treeCpuSeconds } from './proc-cpu.js';
import { processMemory } from './server.js';

export interface Throughput {
  reqPerSec: number;
  latencyP50: number;
  latencyP99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Server VmRSS before the load, the highest sampled during warm-up and load, and VmHWM (peak) after, in MB. */
  rssIdleMB: number;
  rssMaxMB: number;
  hwmMB: number;
  /**
   * CPU milliseconds per request of the server process, of PostgreSQL (postmaster and backends) and of
   * the load generator (this process): unlike req/s, barely affected by other work on the machine.
   */
  cpuMsPerRequest: { server: number; postgres: number; loadGenerator: number };
}

/**
 * Load one GET endpoint with autocannon (paths rotate through `paths`), after a short warm-up,
 * sampling the server process's resident memory every 200 ms.
 */
export async function measureThroughput(
  url: string,
  headers: Record<string, string>,
  paths: string[],
  pids: { server: number; postgres: number },
  opts: { connections: number; seconds: number; warmupSeconds: number },
): Promise<Throughput> {
  let next = 0;
  const pick = (): string => paths[next++ % paths.length] as string;
  const run = (seconds: number): Promise<autocannon.Result> =>
    autocannon({
      url,
      connections: opts.connections,
      duration: seconds,
      headers,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pick() }) }],
    });
  const rssIdleMB = processMemory(pids.server).rssMB;
  let rssMaxMB = rssIdleMB;
  const sampler = setInterval(() => {
    rssMaxMB = Math.max(rssMaxMB, processMemory(pids.server).rssMB);
  }, 200);
  let result: autocannon.Result;
  let cpu: Throughput['cpuMsPerRequest'];
  try {
    await run(opts.warmupSeconds);
    const before = { server: cpuSeconds(pids.server), postgres: treeCpuSeconds(pids.postgres), self: cpuSeconds(process.pid) };
    result = await run(opts.seconds);
    const perRequest = (s: number): number => (s * 1000) / Math.max(1, result.requests.total);
    cpu = {
      server: perRequest(cpuSeconds(pids.server) - before.server),
      postgres: perRequest(treeCpuSeconds(pids.postgres) - before.postgres),
      loadGenerator: perRequest(cpuSeconds(process.pid) - before.self),
    };
  } finally {
    clearInterval(sampler);
  }
  const after = processMemory(pids.server);
  return {
    reqPerSec: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    rssIdleMB,
    rssMaxMB: Math.max(rssMaxMB, after.rssMB),
    hwmMB: after.hwmMB,
    cpuMsPerRequest: cpu,
  };
}
