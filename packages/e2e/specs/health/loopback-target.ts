import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server whose answer the spec changes while the check runs against it. */
export interface LoopbackTarget {
  url: string;
  /** Status code the next requests get. */
  setStatus(code: number): void;
  /** How many requests arrived (the check really probed it). */
  hits(): number;
  close(): Promise<void>;
}

/** Starts the target on 127.0.0.1 (a free port), answering `initialStatus` on every path. */
export async function startLoopbackTarget(initialStatus: number): Promise<LoopbackTarget> {
  let status = initialStatus;
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/health`,
    setStatus: (code) => void (status = code),
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
