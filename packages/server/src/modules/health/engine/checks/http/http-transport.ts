// One HTTP exchange over node:http/https, keeping what fetch hides: the TLS peer certificate (for
// sslAge / maxSSLExpiry), the socket (NTLM authenticates a connection), gzip like Go's client.
import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { gunzipSync, inflateSync } from 'node:zlib';
import { closedWhileIdle, keepAliveAgent } from './keep-alive.js';

/** Response bodies are kept up to this size; the rest is read and dropped. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** TLS settings of a check (tlsConfig in canary-checker) plus the host's extra trusted CAs. */
export interface TlsSettings {
  rejectUnauthorized: boolean;
  ca?: string[];
  cert?: string;
  key?: string;
}

export interface HttpExchange {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: Buffer;
  tls: TlsSettings;
  agent?: http.Agent;
  signal: AbortSignal;
  timeoutMs: number;
}

export interface HttpReply {
  status: number;
  /** Header values by lower-case name (repeated headers joined with ", "). */
  headers: Record<string, string>;
  /** All values of WWW-Authenticate (several schemes may be offered). */
  authenticate: string[];
  body: Buffer;
  truncated: boolean;
  /** The peer certificate's validity, for HTTPS. */
  certificate?: { validFrom: Date; validTo: Date; subject: string; issuer: string };
}

/**
 * Sends one request and reads the whole (bounded, decompressed) response, over a kept-alive connection
 * unless the exchange brings its own agent. A GET whose reused connection turns out closed is sent once
 * more on a new one.
 */
export async function exchange(x: HttpExchange): Promise<HttpReply> {
  try {
    return await exchangeOnce(x);
  } catch (err) {
    if (!(err instanceof ReusedSocketError)) throw err;
    return exchangeOnce(x);
  }
}

// The target closed a kept-alive connection as it was reused (see closedWhileIdle).
class ReusedSocketError extends Error {}

function exchangeOnce(x: HttpExchange): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const secure = x.url.protocol === 'https:';
    // Node frames a GET body only with an explicit length; Go always sends one.
    const headers = x.body === undefined ? x.headers : { ...x.headers, 'Content-Length': String(x.body.length) };
    const options: https.RequestOptions = {
      method: x.method,
      headers,
      signal: x.signal,
      agent: x.agent ?? keepAliveAgent(x.url),
      ...(secure ? { rejectUnauthorized: x.tls.rejectUnauthorized, ca: x.tls.ca, cert: x.tls.cert, key: x.tls.key } : {}),
    };
    const req = (secure ? https : http).request(x.url, options, (res) => {
      const certificate = secure ? peerCertificate(res.socket as TLSSocket) : undefined;
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      res.on('data', (c: Buffer) => {
        if (size >= MAX_BODY_BYTES) {
          truncated = true;
          return;
        }
        chunks.push(c);
        size += c.length;
      });
      res.on('error', reject);
      res.on('end', () => {
        clearTimeout(timer);
        try {
          const raw = Buffer.concat(chunks);
          const body = truncated ? raw : decode(raw, String(res.headers['content-encoding'] ?? ''));
          resolve({
            status: res.statusCode ?? 0,
            headers: flatten(res.headers),
            authenticate: values(res.headers['www-authenticate']),
            body,
            truncated,
            certificate,
          });
        } catch (err) {
          reject(new Error(`cannot decode the response body: ${(err as Error).message}`));
        }
      });
    });
    const timer = setTimeout(() => req.destroy(new Error(`request timed out after ${x.timeoutMs}ms`)), Math.max(1, x.timeoutMs));
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(!x.agent && closedWhileIdle(err, x.method, req.reusedSocket) ? new ReusedSocketError(err.message) : err);
    });
    req.end(x.body);
  });
}

function peerCertificate(socket: TLSSocket) {
  const c = socket?.getPeerCertificate?.();
  if (!c || !c.valid_to) return undefined;
  const name = (o: unknown) =>
    Object.entries((o ?? {}) as Record<string, unknown>)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(', ');
  return { validFrom: new Date(c.valid_from), validTo: new Date(c.valid_to), subject: name(c.subject), issuer: name(c.issuer) };
}

function decode(raw: Buffer, encoding: string): Buffer {
  if (raw.length === 0) return raw;
  if (/\bgzip\b/i.test(encoding)) return gunzipSync(raw);
  if (/\bdeflate\b/i.test(encoding)) return inflateSync(raw);
  return raw;
}

function values(v: string | string[] | undefined): string[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

function flatten(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}
