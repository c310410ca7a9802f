import { randomBytes } from 'node:crypto';
import { SETTINGS_SECTIONS, UI_MESSAGES, USER_FORM_MESSAGES } from '@ops/shared';
import { expect, test } from '../../src/fixtures.js';
import { waitForMail } from '../../src/mail-peer.js';
import { sidebar } from '../shell/shell.js';
import { addVirtualAuthenticator, Authenticator, section, signOut, submitPassword } from './identity-steps.js';

// Issue 3's journey, in order, as one person: invited by the admin → sets a password → signs in → enables TOTP →
// signs in with TOTP → recovers the account by a mailed code → adds a security key → signs in with it.
test('an invited person sets a password, uses TOTP, recovers the account and signs in with a security key', async ({
  signedInPage: admin,
  browser,
  run,
}) => {
  test.setTimeout(240_000);
  const suffix = randomBytes(4).toString('hex');
  const email = `ivy-${suffix}@e2e.local`;
  const firstPassword = `Ivy-${randomBytes(9).toString('base64url')}`;
  const secondPassword = `Ivy-${randomBytes(9).toString('base64url')}`;
  let inviteLink = '';

  await test.step('the admin invites the person; the form checks its fields with the spec texts', async () => {
    await admin.goto('/settings/users');
    await admin.getByRole('button', { name: 'Invite User' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite User' });
    await dialog.getByRole('button', { name: 'Invite' }).click();
    for (const text of [USER_FORM_MESSAGES.firstName, USER_FORM_MESSAGES.lastName, USER_FORM_MESSAGES.email, USER_FORM_MESSAGES.role]) {
      await expect(dialog.getByText(text)).toBeVisible();
    }
    await dialog.getByLabel('First Name').fill('Ivy');
    await dialog.getByLabel('Last Name').fill(`Invitee ${suffix}`);
    await dialog.getByLabel('Email').fill('ivy-at-nowhere');
    await expect(dialog.getByText(USER_FORM_MESSAGES.emailFormat)).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await admin.getByRole('option', { name: 'Editor' }).click();
    await dialog.getByRole('button', { name: 'Invite' }).click();
    const linkDialog = admin.getByRole('dialog', { name: 'Invite Link' });
    await expect(linkDialog).toBeVisible();
    const link = await linkDialog.getByLabel('Invite link').textContent();
    expect(link).toContain('/api/auth/self-service/invite?token=');
    inviteLink = link!;
    await linkDialog.getByRole('button', { name: 'Done' }).click();
    const row = admin.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(`Ivy Invitee ${suffix}`);
    await expect(row).toContainText('editor');
  });

  // WebAuthn needs a domain as relying party id, so the person uses http://localhost (a secure context).
  const base = run.baseUrl.replace('127.0.0.1', 'localhost');
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await addVirtualAuthenticator(context, page);
  let authenticator: Authenticator | undefined;

  try {
    await test.step('the link signs the person in on the profile page, where they set a password', async () => {
      await page.goto(inviteLink.replace('127.0.0.1', 'localhost'));
      await expect(page).toHaveURL(/\/profile-settings\?flow=/);
      await expect(page.getByText(/^Welcome! You are signed in through your invitation\./)).toBeVisible();
      await expect(page.getByText(/successfully recovered/)).toHaveCount(0);
      const password = section(page, SETTINGS_SECTIONS.password);
      await password.getByLabel('Password', { exact: true }).fill(firstPassword);
      await password.getByRole('button', { name: 'Save' }).click();
      await expect(password.getByText(UI_MESSAGES.settingsSaved.text)).toBeVisible();
    });

    await test.step('they sign out and in again with the password', async () => {
      await signOut(page);
      await submitPassword(page, email, firstPassword);
      await expect(sidebar(page)).toBeVisible();
    });

    await test.step('they enable TOTP with a code computed from the shown secret (a wrong code is refused)', async () => {
      await page.goto('/profile-settings');
      const totp = section(page, SETTINGS_SECTIONS.totp);
      await expect(totp.getByRole('img', { name: UI_MESSAGES.settingsTotpQr.text })).toBeVisible();
      const secret = (await totp.locator('[data-node-id="totp_secret_key"] code').textContent())!.trim();
      authenticator = new Authenticator(secret);
      const wrong = (await authenticator.code()) === '000000' ? '111111' : '000000';
      await totp.getByLabel(UI_MESSAGES.labelVerifyCode.text).fill(wrong);
      await totp.getByRole('button', { name: 'Save' }).click();
      await expect(totp.getByText(UI_MESSAGES.totpWrong.text)).toBeVisible();
      await totp.getByLabel(UI_MESSAGES.labelVerifyCode.text).fill(await authenticator.code());
      await totp.getByRole('button', { name: 'Save' }).click();
      await expect(totp.getByRole('button', { name: UI_MESSAGES.settingsUnlinkTotp.text })).toBeVisible();
    });

    await test.step('signing in from a deep link asks for the second factor, then opens the link', async () => {
      await signOut(page);
      const deepLink = '/health?query=deep-link';
      await page.goto(deepLink);
      await expect(page).toHaveURL(/\/login\?/);
      await submitPassword(page, email, firstPassword);
      await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
      expect(new URL(page.url()).searchParams.get('return_to')).toBe(deepLink);
      await page.getByLabel(UI_MESSAGES.loginTotpLabel.text).fill(await authenticator!.code());
      await page.getByRole('button', { name: UI_MESSAGES.loginTotp.text }).click();
      await expect(sidebar(page)).toBeVisible();
      await expect(page).toHaveURL(deepLink);
    });

    await test.step('they recover the account with the code mailed to them and set a new password', async () => {
      await signOut(page);
      await page.getByRole('link', { name: 'Reset password' }).click();
      await expect(page.getByRole('heading', { name: 'Recover account' })).toBeVisible();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: UI_MESSAGES.labelSubmit.text }).click();
      await expect(page.getByText(UI_MESSAGES.recoveryCodeSent.text)).toBeVisible();
      const mail = await waitForMail(email, /following code/);
      const code = /following code:\s*(\S+)/.exec(mail.text)![1]!;
      await page.getByLabel(UI_MESSAGES.labelRecoveryCode.text).fill(code);
      await page.getByRole('button', { name: UI_MESSAGES.labelSubmit.text }).click();
      // A person with TOTP may be asked for it before the settings open.
      const twoFactor = page.getByRole('heading', { name: 'Two-Factor Authentication' });
      await expect(page.getByText(/You successfully recovered your account/).or(twoFactor)).toBeVisible();
      if (await twoFactor.isVisible()) {
        await page.getByLabel(UI_MESSAGES.loginTotpLabel.text).fill(await authenticator!.code());
        await page.getByRole('button', { name: UI_MESSAGES.loginTotp.text }).click();
      }
      await expect(page).toHaveURL(/\/profile-settings/);
      const password = section(page, SETTINGS_SECTIONS.password);
      await password.getByLabel('Password', { exact: true }).fill(secondPassword);
      await password.getByRole('button', { name: 'Save' }).click();
      await expect(password.getByText(UI_MESSAGES.settingsSaved.text)).toBeVisible();
    });

    await test.step("they add a security key (Chromium's virtual authenticator)", async () => {
      const keys = section(page, SETTINGS_SECTIONS.webauthn);
      await keys.getByLabel(UI_MESSAGES.settingsWebAuthnDisplayName.text).fill('Laptop key');
      await keys.getByRole('button', { name: UI_MESSAGES.settingsRegisterWebAuthn.text }).click();
      await expect(keys.getByRole('button', { name: 'Remove security key "Laptop key"' })).toBeVisible();
    });

    await test.step('they sign in with the new password and the security key', async () => {
      await signOut(page);
      await submitPassword(page, email, secondPassword);
      await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
      await page.getByRole('button', { name: UI_MESSAGES.loginWebAuthn.text }).click();
      await expect(sidebar(page)).toBeVisible();
      const who = (await (await page.request.get('/api/auth/whoami')).json()) as { user: { email: string } };
      expect(who.user.email).toBe(email);
    });
  } finally {
    await context.close();
  }
});
