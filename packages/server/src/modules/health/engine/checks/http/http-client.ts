// The HTTP check's client: authentication (Basic, Digest, NTLM/NTLMv2, AWS SigV4) and redirects
// (followed like Go's client, up to maxRedirects) over single exchanges.
import http from 'node:http';
import https from 'node:https';
import { signSigV4, type SigV4Params } from './aws-sigv4.js';
import { digestAuthorization, findDigestChallenge } from './digest-auth.js';
import { exchange, type HttpReply, type TlsSettings } from './http-transport.js';
import { ntlmAuthenticate, ntlmNegotiate, parseNtlmChallenge } from './ntlm.js';

export interface HttpCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: Buffer;
  tls: TlsSettings;
  signal: AbortSignal;
  timeoutMs: number;
  maxRedirects: number;
  auth?: { scheme: 'basic' | 'digest' | 'ntlm'; username: string; password: string };
  sigv4?: SigV4Params;
}

export interface HttpResult extends HttpReply {
  /** The URL of the final response (after redirects). */
  url: URL;
  redirects: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Performs the call; rejects on network errors, timeouts and too many redirects. */
export async function performHttpCall(call: HttpCall): Promise<HttpResult> {
  const deadline = Date.now() + call.timeoutMs;
  const agent = call.auth?.scheme === 'ntlm' ? newKeepAliveAgent(call.url) : undefined;
  try {
    let { method, url, body } = call;
    for (let redirects = 0; ; redirects++) {
      const sameOrigin = url.origin === call.url.origin;
      const reply = await authenticated(call, method, url, body, sameOrigin, agent, deadline);
      const location = reply.headers.location;
      if (!REDIRECTS.has(reply.status) || !location || call.maxRedirects <= 0) return { ...reply, url, redirects };
      if (redirects >= call.maxRedirects) throw new Error(`stopped after ${call.maxRedirects} redirects`);
      url = new URL(location, url);
      if (reply.status !== 307 && reply.status !== 308 && method !== 'GET' && method !== 'HEAD') {
        method = 'GET';
        body = undefined;
      }
    }
  } finally {
    agent?.destroy();
  }
}

/** One hop, with whatever handshake the authentication scheme needs. */
async function authenticated(
  call: HttpCall,
  method: string,
  url: URL,
  body: Buffer | undefined,
  sameOrigin: boolean,
  agent: http.Agent | undefined,
  deadline: number,
): Promise<HttpReply> {
  const headers = { ...call.headers };
  // Like Go's client, credentials are not sent to another origin after a redirect.
  if (!sameOrigin) delete headers.Authorization;
  const auth = sameOrigin ? call.auth : undefined;
  const send = (extra: Record<string, string>) => {
    const all = { ...headers, ...extra };
    const signed = call.sigv4 ? signSigV4(call.sigv4, method, url, all, body) : all;
    return exchange({
      method,
      url,
      headers: signed,
      body,
      tls: call.tls,
      agent,
      signal: call.signal,
      timeoutMs: Math.max(1, deadline - Date.now()),
    });
  };
  if (!auth) return send({});
  if (auth.scheme === 'basic')
    return send({ Authorization: 'Basic ' + Buffer.from(`${auth.username}:${auth.password}`).toString('base64') });
  if (auth.scheme === 'digest') {
    const first = await send({});
    const challenge = first.status === 401 ? findDigestChallenge(first.authenticate) : undefined;
    if (!challenge) return first;
    const uri = url.pathname + url.search;
    return send({ Authorization: digestAuthorization(challenge, auth.username, auth.password, method, uri, body) });
  }
  const first = await send({ Authorization: `NTLM ${ntlmNegotiate()}` });
  const offer = first.authenticate.find((h) => /^(NTLM|Negotiate) \S+/i.test(h.trim()));
  if (first.status !== 401 || !offer) return first;
  const challenge = parseNtlmChallenge(offer.trim().split(/\s+/)[1]!);
  return send({ Authorization: `NTLM ${ntlmAuthenticate({ username: auth.username, password: auth.password }, challenge)}` });
}

function newKeepAliveAgent(url: URL): http.Agent {
  const options = { keepAlive: true, maxSockets: 1, maxCachedSessions: 0 };
  return url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
}
