// Slack, Microsoft Teams, Discord and generic webhooks: a real test message in each service's JSON
// shape; any 2xx answer passes. The address comes from the webhook URL property or the stored
// channel URL (shoutrrr style: slack://token@channel, teams://group@tenant/altId/owner?host=…,
// discord://token@webhookId, generic://host/path?contenttype=…&method=…).
import { httpRequest, statusText } from './http-request.js';
import {
  IncompleteConnectionError,
  safeUrl,
  SERVICE_URLS,
  type ConnectionTester,
  type DecryptedConnection,
  type TestOptions,
} from './types.js';

const TITLE = 'Ops Console';
const message = (c: DecryptedConnection) => `Test message from Ops Console: the connection ${c.namespace}/${c.name} works.`;
const isHttp = (text: string | undefined): text is string => !!text && /^https?:\/\//i.test(text.trim());

function parseUrl(text: string, type: string): URL {
  try {
    return new URL(text.trim());
  } catch {
    throw new Error(`${type}: "${safeUrl(text)}" is not a valid URL`);
  }
}

/** `scheme://user@host…` split at the last `@` (tokens may hold `/`, which URL parsing would mangle). */
function splitAt(url: string, scheme: string): { user: string; rest: string } | undefined {
  if (!url.toLowerCase().startsWith(`${scheme}://`)) return undefined;
  const body = url.slice(scheme.length + 3);
  const at = body.lastIndexOf('@');
  return at < 0 ? undefined : { user: decodeURIComponent(body.slice(0, at)), rest: body.slice(at + 1) };
}

async function post(
  type: string,
  url: URL,
  body: unknown,
  opts: TestOptions,
  c: DecryptedConnection,
  headers: Record<string, string> = {},
): Promise<string> {
  const answer = await httpRequest(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    insecure: c.insecure_tls,
    signal: opts.signal,
  });
  if (answer.status < 200 || answer.status > 299) throw new Error(`${type}: ${url.origin} answered ${statusText(answer)}`);
  return answer.body;
}

export const testSlack: ConnectionTester = async (c, opts) => {
  const urls = { ...SERVICE_URLS, ...opts.serviceUrls };
  const direct = [c.properties.webhookUrl, c.url].find(isHttp);
  if (direct) {
    await post('slack', parseUrl(direct, 'slack'), { text: message(c) }, opts, c);
    return;
  }
  const parts = splitAt(c.url?.trim() ?? '', 'slack');
  const token = (c.password || parts?.user || '').trim();
  const channel = (c.properties.channel || decodeURIComponent(parts?.rest.split(/[/?]/)[0] ?? '')).trim();
  if (!token) throw new IncompleteConnectionError('the connection has no Slack token');
  if (/^xox[bp][:-]/.test(token)) {
    if (!channel) throw new IncompleteConnectionError('the connection has no Slack channel');
    const bearer = token.replace(/^(xox[bp]):/, '$1-');
    const body = await post('slack', new URL('/api/chat.postMessage', urls.slackApi), { channel, text: message(c) }, opts, c, {
      authorization: `Bearer ${bearer}`,
    });
    // The Web API answers 200 for refusals too; the verdict is its `ok` field.
    let answer: { ok?: unknown; error?: unknown } = {};
    try {
      answer = JSON.parse(body) as typeof answer;
    } catch {
      throw new Error('slack: chat.postMessage did not answer JSON');
    }
    if (answer.ok !== true) throw new Error(`slack: chat.postMessage failed: ${String(answer.error ?? 'unknown error')}`);
    return;
  }
  const hook = token.replace(/^hook:/, '');
  if (!/^[^/]+\/[^/]+\/[^/]+$/.test(hook))
    throw new Error('slack: the token is neither a bot token (xoxb-…) nor a webhook token (T…/B…/…)');
  await post('slack', new URL(`/services/${hook}`, urls.slackHooks), { text: message(c), channel }, opts, c);
};

/** The https webhook URL of a Teams connection (see the catalogue's composeUrl for the teams:// form). */
function teamsUrl(c: DecryptedConnection): string {
  if (isHttp(c.properties.webhookUrl)) return c.properties.webhookUrl;
  const url = c.url?.trim() ?? '';
  if (url.startsWith('teams+')) return url.slice('teams+'.length);
  if (isHttp(url)) return url;
  const m = /^teams:\/\/([^@/]+)@([^/]+)\/([^/]+)\/([^/?#]+)\?(?:.*&)?host=([^&#]+)/i.exec(url);
  if (m) return `https://${m[5]}/webhookb2/${m[1]}@${m[2]}/IncomingWebhook/${m[3]}/${m[4]}`;
  throw new IncompleteConnectionError('the connection has no Teams webhook URL');
}

export const testTeams: ConnectionTester = async (c, opts) => {
  const card = {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: TITLE,
    title: TITLE,
    text: message(c),
  };
  await post('teams', parseUrl(teamsUrl(c), 'teams'), card, opts, c);
};

export const testDiscord: ConnectionTester = async (c, opts) => {
  const urls = { ...SERVICE_URLS, ...opts.serviceUrls };
  const direct = [c.properties.webhookUrl, c.url].find(isHttp);
  let target: URL;
  if (direct) target = parseUrl(direct, 'discord');
  else {
    const parts = splitAt(c.url?.trim() ?? '', 'discord');
    const token = c.password || parts?.user || '';
    const id = c.properties.webhookId || decodeURIComponent(parts?.rest.split(/[/?]/)[0] ?? '');
    if (!token || !id) throw new IncompleteConnectionError('the connection has no Discord webhook ID and token');
    target = new URL(`/api/webhooks/${encodeURIComponent(id)}/${encodeURIComponent(token)}`, urls.discord);
  }
  await post('discord', target, { content: message(c), username: TITLE }, opts, c);
};

interface GenericTarget {
  url: URL;
  contentType: string;
  method: string;
  messageKey: string;
  titleKey: string;
}

/** From the properties (as the form keeps them), else from the generic:// channel URL. */
function genericTarget(c: DecryptedConnection): GenericTarget {
  const p = c.properties;
  if (isHttp(p.webhookUrl)) {
    return {
      url: parseUrl(p.webhookUrl, 'generic webhook'),
      contentType: p.contentType || 'application/json',
      method: (p.requestMethod || 'POST').toUpperCase(),
      messageKey: p.messageKey || 'message',
      titleKey: p.titleKey || 'title',
    };
  }
  const text = c.url?.trim() ?? '';
  if (!/^generic:\/\//i.test(text) && !isHttp(text)) throw new IncompleteConnectionError('the connection has no webhook URL');
  const url = parseUrl(text, 'generic webhook');
  const params = url.searchParams;
  const take = (name: string, fallback: string) => {
    const v = params.get(name) || fallback;
    params.delete(name);
    return v;
  };
  const target = {
    contentType: take('contenttype', p.contentType || 'application/json'),
    method: take('method', p.requestMethod || 'POST').toUpperCase(),
    messageKey: take('messagekey', p.messageKey || 'message'),
    titleKey: take('titlekey', p.titleKey || 'title'),
  };
  const plain = take('disabletls', '') === 'yes';
  const real = isHttp(text) ? url : new URL(`${plain ? 'http' : 'https'}://${url.host}${url.pathname}${url.search}`);
  return { url: real, ...target };
}

export const testGenericWebhook: ConnectionTester = async (c, opts) => {
  const t = genericTarget(c);
  if (t.method !== 'POST' && t.method !== 'GET') throw new Error(`generic webhook: request method "${t.method}" is not POST or GET`);
  const json = /json/i.test(t.contentType);
  const text = message(c);
  if (t.method === 'GET') {
    t.url.searchParams.set(t.titleKey, TITLE);
    t.url.searchParams.set(t.messageKey, text);
  }
  const body = t.method === 'GET' ? undefined : json ? JSON.stringify({ [t.titleKey]: TITLE, [t.messageKey]: text }) : text;
  const answer = await httpRequest(t.url, {
    method: t.method,
    headers: t.method === 'GET' ? {} : { 'content-type': t.contentType },
    ...(body !== undefined ? { body } : {}),
    insecure: c.insecure_tls,
    signal: opts.signal,
  });
  if (answer.status < 200 || answer.status > 299) throw new Error(`generic webhook: ${t.url.origin} answered ${statusText(answer)}`);
};
