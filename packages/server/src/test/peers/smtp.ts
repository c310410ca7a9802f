// A loopback SMTP server (smtp-server) that keeps every message it receives, so tests read the codes and
// links our mail actually carried. No TLS, any or no credentials.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The body, quoted-printable decoded. */
  text: string;
  raw: string;
}

export interface SmtpPeer {
  host: string;
  port: number;
  /** Env for a test server that mails through this peer. */
  env: Record<string, string>;
  messages: ReceivedMail[];
  /** The first message (now or within `timeoutMs`) to `to` whose text matches. */
  waitFor(to: string, match?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

// Unfold headers and decode quoted-printable soft breaks and escapes (what nodemailer uses for long lines).
function parse(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subject = /^subject: (.*)$/im.exec(head)?.[1] ?? '';
  const qp = /content-transfer-encoding:\s*quoted-printable/i.test(head);
  const text = qp ? body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))) : body;
  return { from, to, subject, text, raw };
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, cb) => cb(null, { user: 'test' }),
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        messages.push(parse(Buffer.concat(chunks).toString('utf8'), from, to));
        for (const w of waiters) w();
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_FROM: 'Ops Console <ops@test.local>' },
    messages,
    waitFor(to, match, timeoutMs = 10_000) {
      const find = () => messages.find((m) => m.to.includes(to) && (!match || match.test(m.text)));
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = find();
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to}${match ? ` matching ${match}` : ''} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
