// The loopback HTTP target of the scheduler benchmark: answers every request 200 and counts them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Target {
  url: string;
  requests(): number;
  close(): Promise<void>;
}

/** Start the target on 127.0.0.1 and a free port. */
export async function startTarget(): Promise<Target> {
  let count = 0;
  const server = http.createServer((req, res) => {
    count++;
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
