// TCP peers for tcp checks: a listener that accepts and closes connections, and a port that is
// known to be closed (bound once, then released).
import { createServer, type Server } from 'node:net';
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
