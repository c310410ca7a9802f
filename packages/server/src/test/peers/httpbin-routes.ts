// The httpbin endpoints the conformance fixtures and engine tests use, answering like
// httpbin.org (Python httpbin): Title-Case header names, {args, headers, url, json, data} echoes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { basicAuth, digestAuth, ntlmAuth } from './httpbin-auth.js';
import { sigv4Auth } from './sigv4-auth.js';

const HTML = `<!DOCTYPE html>
<html><head></head><body>
<h1>Herman Melville - Moby-Dick</h1>
<div><p>Availing himself of the mild, summer-cool weather that now reigned in these latitudes...</p></div>
</body></html>`;

const SLIDESHOW = {
  slideshow: {
    author: 'Yours Truly',
    date: 'date of publication',
    slides: [
      { title: 'Wake up to WonderWidgets!', type: 'all' },
      { items: ['Why <em>WonderWidgets</em> are great', 'Who <em>buys</em> WonderWidgets'], title: 'Overview', type: 'all' },
    ],
    title: 'Sample Slide Show',
  },
};

/** Sends JSON (objects) or text with status and headers. */
export function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const isText = typeof body === 'string';
  const payload = isText ? body : JSON.stringify(body, null, 2) + '\n';
  res.writeHead(status, {
    'Content-Type': isText ? 'text/html; charset=utf-8' : 'application/json',
    'Content-Length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

/** httpbin's header echo: names in Title-Case, repeated values joined with commas. */
function titleHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    out[k.replace(/(^|-)([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase())] = Array.isArray(v) ? v.join(',') : v;
  }
  return out;
}

function echo(req: IncomingMessage, url: URL, body: Buffer): Record<string, unknown> {
  const text = body.toString('utf8');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return {
    args: Object.fromEntries(url.searchParams),
    data: text,
    files: {},
    form: {},
    headers: titleHeaders(req),
    json,
    method: req.method,
    origin: req.socket.remoteAddress,
    url: url.toString(),
  };
}

/** Routes one request; returns false when no route matches (the server answers 404). */
export async function route(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): Promise<boolean> {
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [head, ...rest] = parts;
  switch (head) {
    case 'status': {
      const codes = (rest[0] ?? '200').split(',').map(Number);
      const code = codes[Math.floor(Math.random() * codes.length)] ?? 200;
      reply(res, code, '', code >= 300 && code < 400 ? { Location: '/redirect/1' } : {});
      return true;
    }
    case 'headers':
      reply(res, 200, { headers: titleHeaders(req) });
      return true;
    case 'user-agent':
      reply(res, 200, { 'user-agent': req.headers['user-agent'] ?? '' });
      return true;
    case 'ip':
      reply(res, 200, { origin: req.socket.remoteAddress });
      return true;
    case 'html':
      reply(res, 200, HTML);
      return true;
    case 'json':
      reply(res, 200, SLIDESHOW);
      return true;
    case 'gzip': {
      const gz = gzipSync(JSON.stringify({ gzipped: true, headers: titleHeaders(req), method: req.method }));
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': gz.length });
      res.end(gz);
      return true;
    }
    case 'get':
    case 'post':
    case 'put':
    case 'patch':
    case 'delete': {
      if (req.method !== head.toUpperCase()) reply(res, 405, '', { Allow: head.toUpperCase() });
      else reply(res, 200, echo(req, url, body));
      return true;
    }
    case 'anything':
      reply(res, 200, echo(req, url, body));
      return true;
    case 'basic-auth':
      basicAuth(req, res, rest[0] ?? 'user', rest[1] ?? 'passwd', reply);
      return true;
    case 'digest-auth':
      digestAuth(req, res, body, rest[0] ?? 'auth', rest[1] ?? 'user', rest[2] ?? 'passwd', rest[3] ?? 'MD5', reply);
      return true;
    case 'ntlm-auth':
      ntlmAuth(req, res, rest[0] ?? 'user', rest[1] ?? 'passwd', reply);
      return true;
    case 'sigv4-auth':
      sigv4Auth(req, res, body, rest[0] ?? 'AKID', rest[1] ?? 'secret', reply);
      return true;
    case 'redirect-to': {
      const status = Number(url.searchParams.get('status_code') ?? 302);
      reply(res, status >= 300 && status < 400 ? status : 302, '', { Location: url.searchParams.get('url') ?? '/get' });
      return true;
    }
    case 'redirect': {
      const n = Number(rest[0] ?? 1);
      reply(res, 302, '', { Location: n > 1 ? `/redirect/${n - 1}` : '/get' });
      return true;
    }
    case 'delay': {
      const seconds = Math.min(Number(rest[0] ?? 1), 10);
      await new Promise((r) => setTimeout(r, seconds * 1000));
      if (!res.destroyed) reply(res, 200, echo(req, url, body));
      return true;
    }
    default:
      return false;
  }
}
