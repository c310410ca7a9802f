import http from 'node:http';

export interface GetResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** process.hrtime.bigint() when the last byte arrived, before the body was joined and decoded. */
  receivedAt: bigint;
}

/**
 * A lean keep-alive GET client: the benchmark should time the server, not a heavy client
 * (global fetch adds about a millisecond of its own per call).
 */
export function keepAliveGet(base: string, headers: Record<string, string>): (path: string) => Promise<GetResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(base);
  return (path) =>
    new Promise((resolve, reject) => {
      const req = http.request({ hostname, port, path, method: 'GET', headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const receivedAt = process.hrtime.bigint();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
}

/** `Authorization: Basic …` for an email and password. */
export function basicAuth(email: string, password: string): string {
  return `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
}
