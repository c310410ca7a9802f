// An httpbin-compatible loopback peer over HTTP and HTTPS (self-signed certificate), so HTTP
// checks run against a real server without the public network.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { reply, route } from './httpbin-routes.js';
import { testCertificate } from './tls-cert.js';

export interface HttpbinPeer {
  /** http://127.0.0.1:<port> */
  httpUrl: string;
  /** https://127.0.0.1:<port> */
  httpsUrl: string;
  httpPort: number;
  httpsPort: number;
  /** The certificate (PEM) HTTPS clients must trust. */
  ca: string;
  /** Requests seen, newest last (method and path), for tests that assert what was sent. */
  requests: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

/** Starts both servers on free loopback ports. */
export async function startHttpbin(): Promise<HttpbinPeer> {
  const { cert, key } = await testCertificate();
  const requests: HttpbinPeer['requests'] = [];
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const secure = (req.socket as { encrypted?: boolean }).encrypted === true;
      const url = new URL(req.url ?? '/', `${secure ? 'https' : 'http'}://${req.headers.host ?? '127.0.0.1'}`);
      requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers });
      route(req, res, url, Buffer.concat(chunks))
        .then((handled) => handled || reply(res, 404, { error: 'not found' }))
        .catch((err: Error) => reply(res, 500, { error: err.message }));
    });
  };
  const plain = http.createServer({ keepAliveTimeout: 5000 }, handler);
  const secure = https.createServer({ cert, key, keepAliveTimeout: 5000 }, handler);
  const httpPort = await listen(plain);
  const httpsPort = await listen(secure);
  return {
    httpUrl: `http://127.0.0.1:${httpPort}`,
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    httpPort,
    httpsPort,
    ca: cert,
    requests,
    close: async () => {
      await Promise.all([close(plain), close(secure)]);
    },
  };
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
