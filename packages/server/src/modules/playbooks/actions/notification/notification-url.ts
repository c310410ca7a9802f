// Shoutrrr-style channel URLs (what notification connections store in `url`) turned into deliveries:
// smtp:// → an email; generic://, generic+http(s):// → a JSON webhook; slack:// → Slack's webhook or
// chat.postMessage. Pure: the sender does the I/O.
import { ActionError } from '../action-failure.js';

export interface EmailDelivery {
  kind: 'email';
  host: string;
  port: number;
  username?: string;
  password?: string;
  encryption: string;
  auth: string;
  from: string;
  fromName?: string;
  to: string[];
}

export interface HttpDelivery {
  kind: 'http';
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
}

export type Delivery = EmailDelivery | HttpDelivery;

export interface NotificationContent {
  title: string;
  message: string;
  /** Extra properties (to, from, channel...) that override the URL's query. */
  properties: Record<string, string>;
}

/** The delivery a channel URL describes for this title and message. */
export function deliveryOf(raw: string, content: NotificationContent): Delivery {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(raw)?.[1]?.toLowerCase();
  if (!scheme) throw new ActionError('notification.url: is not a channel URL (smtp://, generic+https://, slack://...)');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ActionError(`notification.url: "${scheme}://…" cannot be parsed`);
  }
  const q = (k: string) => content.properties[k] ?? url.searchParams.get(k) ?? undefined;
  if (scheme === 'smtp') return email(url, q);
  if (scheme === 'generic' || scheme.startsWith('generic+')) return generic(raw, scheme, url, content, q);
  if (scheme === 'slack') return slack(url, content, q);
  throw new ActionError(`notification.url: ${scheme}:// channels are not supported here (use smtp, generic webhooks or slack)`);
}

function email(url: URL, q: (k: string) => string | undefined): EmailDelivery {
  const to = (q('to') ?? '')
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const from = q('from') ?? '';
  if (!from) throw new ActionError('notification.url: smtp:// needs from= (the sender address)');
  if (to.length === 0) throw new ActionError('notification.url: smtp:// needs to= (one or more recipients, comma separated)');
  return {
    kind: 'email',
    host: url.hostname,
    port: url.port ? Number(url.port) : 587,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    encryption: q('encryption') ?? 'Auto',
    auth: q('auth') ?? 'Unknown',
    from,
    fromName: q('fromname') ?? q('fromName'),
    to,
  };
}

// Query keys shoutrrr's generic service reads itself; the rest stay on the target URL.
const GENERIC_KEYS = ['contenttype', 'method', 'messagekey', 'titlekey', 'disabletls', 'template'];

function generic(raw: string, scheme: string, url: URL, content: NotificationContent, q: (k: string) => string | undefined): HttpDelivery {
  const inner = scheme.startsWith('generic+') ? scheme.slice('generic+'.length) : q('disabletls') === 'yes' ? 'http' : 'https';
  if (inner !== 'http' && inner !== 'https') throw new ActionError(`notification.url: ${scheme}:// must wrap http or https`);
  const target = new URL(inner + raw.slice(scheme.length));
  for (const k of GENERIC_KEYS) target.searchParams.delete(k);
  const payload: Record<string, string> = { [q('titlekey') ?? 'title']: content.title, [q('messagekey') ?? 'message']: content.message };
  return {
    kind: 'http',
    method: (q('method') ?? 'POST').toUpperCase(),
    url: target,
    headers: { 'Content-Type': q('contenttype') ?? 'application/json' },
    body: JSON.stringify(payload),
  };
}

function slack(url: URL, content: NotificationContent, q: (k: string) => string | undefined): HttpDelivery {
  const text = content.title ? `*${content.title}*\n${content.message}` : content.message;
  // slack://hook:T000-B000-XXX@webhook — an incoming webhook (shoutrrr joins the token's parts with dashes).
  if (url.username === 'hook' || url.hostname === 'webhook') {
    const token = decodeURIComponent(url.password).split('-').join('/');
    return {
      kind: 'http',
      method: 'POST',
      url: new URL(`https://hooks.slack.com/services/${token}`),
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text }),
    };
  }
  // slack://xoxb:TOKEN@channel or slack://TOKEN@channel — a bot token posting to a channel.
  const token = url.password ? `${decodeURIComponent(url.username)}-${decodeURIComponent(url.password)}` : decodeURIComponent(url.username);
  const channel = q('channel') ?? decodeURIComponent(url.hostname);
  if (!token || !channel) throw new ActionError('notification.url: slack:// needs a token and a channel (slack://TOKEN@channel)');
  return {
    kind: 'http',
    method: 'POST',
    url: new URL('https://slack.com/api/chat.postMessage'),
    headers: { 'Content-Type': 'application/json; charset=utf-8', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ channel, text }),
  };
}
