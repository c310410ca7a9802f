// Outgoing mail as other modules use it: the SMTP service and the messages it sends.
export { MailService } from './mail.service.js';
export type { MailMessage } from './mail-message.js';
export { inviteMail, recoveryCodeMail, verificationCodeMail } from './templates.js';
