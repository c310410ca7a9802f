import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { MailMessage } from './mail-message.js';

/**
 * Outgoing mail over SMTP (SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASSWORD, SMTP_FROM, SMTP_SECURE).
 * Without SMTP_HOST mail is not configured: `send` refuses and callers fall back (e.g. show the link).
 */
export class MailService {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    if (!config.SMTP_HOST) return;
    this.transport = nodemailer.createTransport({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE === 'true',
      auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  /** Whether SMTP_HOST is set. */
  get configured(): boolean {
    return Boolean(this.transport);
  }

  /** Send one message; throws when mail is not configured or the server refuses it. */
  async send(message: MailMessage): Promise<void> {
    if (!this.transport) throw new Error('mail is not configured (set SMTP_HOST)');
    await this.transport.sendMail({ from: this.config.SMTP_FROM, ...message });
  }

  /**
   * Send without making the caller wait: sign-in answers must take as long for unknown accounts (no
   * mail) as for known ones. Failures are logged (the address is not).
   */
  sendInBackground(message: MailMessage, what: string): void {
    this.send(message).catch((err: unknown) => {
      this.log.warn({ err: err instanceof Error ? err.message : String(err), what }, 'could not send mail');
    });
  }

  /** Close pooled connections (tests, shutdown). */
  close(): void {
    this.transport?.close();
  }
}

