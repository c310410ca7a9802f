// notification: a title and message (both rendered) sent through a notification connection (its stored
// channel URL) or a channel URL in the action: email over SMTP with nodemailer, webhooks over HTTP.
// Result {sent: true, channel, ...}; a refused delivery fails the action.
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { performHttpCall } from '../../../health/index.js';
import { actionConnection } from '../action-connection.js';
import { ActionError, errorMessage, parseBlock, tail } from '../action-failure.js';
import type { ActionContext, ActionRunner } from '../types.js';
import { deliveryOf, type EmailDelivery, type HttpDelivery } from './notification-url.js';

const notificationSchema = z.object({
  connection: z.string().optional(),
  url: z.string().optional(),
  title: z.string({ error: 'must be text' }).optional(),
  message: z.string({ error: 'is required' }),
  properties: z.record(z.string(), z.string()).optional(),
});

/** Sends the notification; see the file comment. */
export const notificationAction: ActionRunner = async (block, actx) => {
  const spec = parseBlock(notificationSchema, block, 'notification');
  const title = spec.title === undefined ? '' : actx.render(spec.title);
  const message = actx.render(spec.message);
  const own = Object.fromEntries(Object.entries(spec.properties ?? {}).map(([k, v]) => [k, actx.render(v)]));
  const channel = await channelOf(spec, actx);
  // The action's properties (to, from, channel…) win over the connection's.
  const delivery = deliveryOf(channel.url, { title, message, properties: { ...channel.properties, ...own } });
  if (delivery.kind === 'email')
    return { status: 'completed', result: { sent: true, channel: 'email', ...(await sendEmail(delivery, title, message, actx)) } };
  return { status: 'completed', result: { sent: true, channel: 'webhook', ...(await sendHttp(delivery, actx)) } };
};

async function channelOf(
  spec: z.infer<typeof notificationSchema>,
  actx: ActionContext,
): Promise<{ url: string; properties: Record<string, string> }> {
  if (spec.url) return { url: actx.render(spec.url).trim(), properties: {} };
  if (!spec.connection) throw new ActionError('notification: set connection or url');
  const c = await actionConnection(actx, actx.render(spec.connection), 'notification.connection');
  if (!c.url) throw new ActionError(`notification.connection: connection ${c.namespace}/${c.name} has no channel URL`);
  return { url: c.url, properties: c.properties };
}

async function sendEmail(d: EmailDelivery, title: string, message: string, actx: ActionContext): Promise<Record<string, unknown>> {
  const transport = nodemailer.createTransport({
    host: d.host,
    port: d.port,
    secure: d.encryption === 'ImplicitTLS',
    requireTLS: d.encryption === 'ExplicitTLS',
    ignoreTLS: d.encryption === 'None',
    auth: d.auth !== 'None' && d.username ? { user: d.username, pass: d.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const onAbort = () => transport.close();
  actx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const from = d.fromName ? { name: d.fromName, address: d.from } : d.from;
    const info = await transport.sendMail({ from, to: d.to, subject: title || message.split('\n')[0]!.slice(0, 120), text: message });
    return { to: d.to, messageId: info.messageId };
  } catch (err) {
    throw new ActionError(`notification: email to ${d.to.join(', ')} via ${d.host}:${d.port} failed: ${errorMessage(err)}`);
  } finally {
    actx.signal.removeEventListener('abort', onAbort);
    transport.close();
  }
}

async function sendHttp(d: HttpDelivery, actx: ActionContext): Promise<Record<string, unknown>> {
  const where = `${d.url.protocol}//${d.url.host}${d.url.pathname}`;
  let reply;
  try {
    reply = await performHttpCall({
      method: d.method,
      url: d.url,
      headers: d.headers,
      body: d.method === 'GET' ? undefined : Buffer.from(d.body, 'utf8'),
      tls: { rejectUnauthorized: true },
      signal: actx.signal,
      timeoutMs: 60_000,
      maxRedirects: 5,
    });
  } catch (err) {
    throw new ActionError(`notification: ${d.method} ${where} failed: ${errorMessage(err)}`);
  }
  const body = reply.body.toString('utf8');
  if (reply.status < 200 || reply.status > 299)
    throw new ActionError(`notification: ${where} answered ${reply.status}${body.trim() ? `: ${tail(body, 500)}` : ''}`, {
      code: reply.status,
      body,
    });
  return { code: reply.status };
}
