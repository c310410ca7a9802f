// SMTP (email connections): nodemailer's verify() greets the server (EHLO), upgrades per the
// encryption setting and logs in when the connection has credentials, without sending mail.
// Encryption: ImplicitTLS = TLS from the first byte, ExplicitTLS = STARTTLS required, None = plain
// text, Auto = STARTTLS when offered. Host and port come from the properties, else the smtp:// URL.
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { causeText, IncompleteConnectionError, type ConnectionTester, type DecryptedConnection } from './types.js';

interface SmtpSettings {
  host: string;
  port: number;
  username: string;
  password: string;
  encryption: string;
  auth: string;
}

function settings(c: DecryptedConnection): SmtpSettings {
  const p = c.properties;
  let fromUrl: URL | undefined;
  if (c.url && /^smtps?:\/\//i.test(c.url)) {
    try {
      fromUrl = new URL(c.url);
    } catch {
      throw new Error('email: the url is not a valid smtp:// URL');
    }
  }
  const param = (name: string) => fromUrl?.searchParams.get(name) ?? undefined;
  const host = p.host || fromUrl?.hostname.replace(/^\[(.*)\]$/, '$1') || '';
  if (!host) throw new IncompleteConnectionError('the connection has no SMTP host');
  const portText = p.port || fromUrl?.port || '587';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`email: port "${portText}" is not a port number`);
  return {
    host,
    port,
    username: c.username || decodeURIComponent(fromUrl?.username ?? ''),
    password: c.password || decodeURIComponent(fromUrl?.password ?? ''),
    encryption: p.encryption || param('encryption') || 'Auto',
    auth: (p.auth || param('auth') || 'Unknown').toLowerCase(),
  };
}

function authOptions(s: SmtpSettings): Partial<SMTPTransport.Options> {
  if (s.auth === 'none' || (!s.username && !s.password)) return {};
  if (s.auth === 'oauth2') return { auth: { type: 'OAuth2', user: s.username, accessToken: s.password } };
  const method = s.auth === 'plain' ? { authMethod: 'PLAIN' } : s.auth === 'crammd5' ? { authMethod: 'CRAM-MD5' } : {};
  return { auth: { user: s.username, pass: s.password }, ...method };
}

function encryptionOptions(encryption: string): Partial<SMTPTransport.Options> {
  switch (encryption.toLowerCase()) {
    case 'implicittls':
      return { secure: true };
    case 'explicittls':
      return { secure: false, requireTLS: true };
    case 'none':
      return { secure: false, ignoreTLS: true };
    case 'auto':
      return { secure: false };
    default:
      throw new Error(`email: encryption "${encryption}" is not None, ExplicitTLS, ImplicitTLS or Auto`);
  }
}

export const testSmtp: ConnectionTester = async (c, opts) => {
  const s = settings(c);
  const transport = nodemailer.createTransport({
    host: s.host,
    port: s.port,
    ...encryptionOptions(s.encryption),
    ...authOptions(s),
    tls: { rejectUnauthorized: !c.insecure_tls },
    connectionTimeout: opts.timeoutMs,
    greetingTimeout: opts.timeoutMs,
    socketTimeout: opts.timeoutMs,
  } satisfies SMTPTransport.Options);
  const onAbort = () => transport.close();
  opts.signal.addEventListener('abort', onAbort, { once: true });
  try {
    await transport.verify();
  } catch (err) {
    throw new Error(`email: ${s.host}:${s.port}: ${causeText(err)}`);
  } finally {
    opts.signal.removeEventListener('abort', onAbort);
    transport.close();
  }
};
