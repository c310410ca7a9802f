// A plain-text GET against a Kubernetes API server (pod logs are text, not JSON) with the connection's
// TLS material and credentials, as the catalogue's client does for JSON.
import http from 'node:http';
import https from 'node:https';
import type { KubeConnection } from '../../catalog/index.js';

/** The most bytes of log text read from one pod. */
export const KUBE_LOG_LIMIT_BYTES = 32 * 1024 * 1024;

/** The body of a GET; a non-2xx answer rejects with the API's message and status. */
export function kubeGetText(
  conn: KubeConnection,
  apiPath: string,
  query: Record<string, string | undefined>,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<string> {
  const url = new URL(conn.server + apiPath);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') url.searchParams.set(k, v);
  const secure = url.protocol === 'https:';
  const headers: Record<string, string> = { accept: 'text/plain, application/json' };
  if (conn.token) headers.authorization = `Bearer ${conn.token}`;
  else if (conn.basic) headers.authorization = `Basic ${Buffer.from(`${conn.basic.username}:${conn.basic.password}`).toString('base64')}`;
  const tls = secure ? { ca: conn.ca, cert: conn.cert, key: conn.key, rejectUnauthorized: !conn.insecure } : {};
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(url, { method: 'GET', headers, signal, timeout: timeoutMs, ...tls }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= KUBE_LOG_LIMIT_BYTES) chunks.push(c);
      });
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) return resolve(text);
        let message = text.slice(0, 300);
        try {
          message = (JSON.parse(text) as { message?: string }).message ?? message;
        } catch {
          // not JSON: keep the text
        }
        reject(new Error(`GET ${apiPath} returned HTTP ${status}: ${message}`));
      });
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${apiPath} timed out`)));
    req.on('error', (err) => reject(new Error(`GET ${apiPath}: ${err.message}`)));
    req.end();
  });
}
