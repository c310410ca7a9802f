/** One outgoing mail as the templates build it and the mail service sends it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
