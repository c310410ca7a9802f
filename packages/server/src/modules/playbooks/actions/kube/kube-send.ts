// Writes to the Kubernetes API (POST, PATCH, DELETE) with the connection's TLS and credentials; the
// catalogue's KubeClient only reads. Answers the parsed JSON body; a non-2xx answer throws with the
// API's message (404 on DELETE is reported, callers decide whether it matters).
import http from 'node:http';
import https from 'node:https';
import type { KubeConnection } from '../../../catalog/index.js';
import { KUBE_REQUEST_TIMEOUT_MS } from './kube-connection.js';

/** A refused request: the HTTP status and the API's message. */
export class KubeWriteError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'KubeWriteError';
  }
}

/** Sends one write; `contentType` defaults to JSON (server-side apply uses application/apply-patch+yaml). */
export function kubeSend(
  conn: KubeConnection,
  method: 'POST' | 'PATCH' | 'DELETE',
  apiPath: string,
  body: unknown,
  signal: AbortSignal,
  contentType = 'application/json',
): Promise<Record<string, unknown>> {
  const url = new URL(conn.server.replace(/\/+$/, '') + apiPath);
  const secure = url.protocol === 'https:';
  const payload = body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (payload) Object.assign(headers, { 'content-type': contentType, 'content-length': String(payload.length) });
  if (conn.token) headers.authorization = `Bearer ${conn.token}`;
  else if (conn.basic) headers.authorization = `Basic ${Buffer.from(`${conn.basic.username}:${conn.basic.password}`).toString('base64')}`;
  const tls = secure ? { ca: conn.ca, cert: conn.cert, key: conn.key, rejectUnauthorized: !conn.insecure } : {};
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(url, { method, headers, signal, timeout: KUBE_REQUEST_TIMEOUT_MS, ...tls }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: Record<string, unknown> = {};
        try {
          json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        } catch {
          json = { message: text.slice(0, 300) };
        }
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) return resolve(json);
        const message = typeof json.message === 'string' ? json.message : text.slice(0, 300);
        reject(new KubeWriteError(status, `${method} ${apiPath} returned HTTP ${status}: ${message}`));
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${apiPath} timed out`)));
    req.on('error', (err) => reject(err));
    req.end(payload);
  });
}
