// TCP peers for tcp checks: a listener that accepts and closes connections, a port that is known to be
// closed (bound once, then released), and a wait until a server process listens.
import { connect, createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpPeer {
  port: number;
  /** Connections accepted so far. */
  accepted(): number;
  close(): Promise<void>;
}

/** Listens on a free loopback port; every connection is accepted and ended. */
export async function startTcpListener(): Promise<TcpPeer> {
  let count = 0;
  const server: Server = createServer((socket) => {
    count++;
    socket.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    accepted: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on (free at the time of the call). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Waits until something accepts connections on the loopback `port`; throws naming `what` after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect({ host: '127.0.0.1', port }, () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not listen on port ${port} within ${timeoutMs}ms`);
}
