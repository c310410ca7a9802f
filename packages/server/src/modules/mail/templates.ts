import type { MailMessage } from './mail-message.js';

const PRODUCT = 'Ops Console';

/** The recovery-code mail (code valid for `minutes`). */
export function recoveryCodeMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: `Recover access to your ${PRODUCT} account`,
    text: `Hi,\n\nplease recover access to your account by entering the following code:\n\n${code}\n\nThe code is valid for ${minutes} minutes. If you did not ask for it, ignore this mail.\n`,
  };
}

/** The verification-code mail. */
export function verificationCodeMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: `Please verify your ${PRODUCT} e-mail address`,
    text: `Hi,\n\nplease verify your e-mail address by entering the following code:\n\n${code}\n\nThe code is valid for ${minutes} minutes.\n`,
  };
}

/** The invitation mail with the link that lets the person set a password and sign in. */
export function inviteMail(to: string, firstName: string, link: string, invitedBy: string, days: number): MailMessage {
  return {
    to,
    subject: `You have been invited to ${PRODUCT}`,
    text: `Hi ${firstName},\n\n${invitedBy} invited you to ${PRODUCT}. Open this link to set your password and sign in:\n\n${link}\n\nThe link works once and for ${days} days.\n`,
  };
}
