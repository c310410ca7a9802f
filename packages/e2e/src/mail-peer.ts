// A loopback SMTP server (smtp-server) for the e2e server: global setup runs it, the server mails through it
// (SMTP_* env), and every message lands as JSON in a folder that the workers read (they run in other processes).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface MailPeer {
  /** Env for the server under test. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface StoredMail {
  to: string[];
  subject: string;
  /** The body, quoted-printable decoded. */
  text: string;
}

// Unfold headers and decode quoted-printable soft breaks and escapes (nodemailer uses them for long lines).
function parse(raw: string, to: string[]): StoredMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subject = /^subject: (.*)$/im.exec(head)?.[1] ?? '';
  const qp = /content-transfer-encoding:\s*quoted-printable/i.test(head);
  const text = qp ? body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))) : body;
  return { to, subject, text: text.replace(/\r\n/g, '\n') };
}

/** Start the SMTP peer writing each message to `dir/<n>.json`. */
export async function startMailPeer(dir: string): Promise<MailPeer> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parse(
          Buffer.concat(chunks).toString('utf8'),
          session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        );
        writeFileSync(path.join(dir, `${String(++count).padStart(5, '0')}.json`), JSON.stringify(mail));
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_FROM: 'Ops Console <ops@e2e.local>' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Where global setup keeps the mail (set for the workers). */
export const MAIL_DIR_ENV = 'OPS_E2E_MAIL_DIR';

/** The newest mail to `to` whose text matches, waiting up to `timeoutMs` for it to arrive. */
export async function waitForMail(to: string, match: RegExp, timeoutMs = 15_000): Promise<StoredMail> {
  const dir = process.env[MAIL_DIR_ENV];
  if (!dir) throw new Error(`${MAIL_DIR_ENV} is not set: the e2e global setup starts the mail peer`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = readdirSync(dir).sort().reverse();
    for (const f of files) {
      const mail = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as StoredMail;
      if (mail.to.includes(to.toLowerCase()) && match.test(mail.text)) return mail;
    }
    if (Date.now() > deadline)
      throw new Error(`no mail to ${to} matching ${match} within ${timeoutMs} ms (${files.length} mails in ${dir})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
