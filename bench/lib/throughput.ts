import autocannon from 'autocannon';
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
}

/**
 * Load one GET endpoint with autocannon (paths rotate through `paths`), after a short warm-up,
 * sampling the server process's resident memory every 200 ms.
 */
export async function measureThroughput(
  url: string,
  headers: Record<string, string>,
  paths: string[],
  pid: number,
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
  const rssIdleMB = processMemory(pid).rssMB;
  let rssMaxMB = rssIdleMB;
  const sampler = setInterval(() => {
    rssMaxMB = Math.max(rssMaxMB, processMemory(pid).rssMB);
  }, 200);
  let result: autocannon.Result;
  try {
    await run(opts.warmupSeconds);
    result = await run(opts.seconds);
  } finally {
    clearInterval(sampler);
  }
  const after = processMemory(pid);
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
  };
}
