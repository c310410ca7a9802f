import { UI_MESSAGES } from '@ops/shared';
import { expect, test } from '../../src/fixtures.js';
import { waitForMail } from '../../src/mail-peer.js';

test('a person verifies their e-mail address with the mailed code; a wrong code is refused', async ({ page, createUser }) => {
  const person = await createUser(['viewer'], 'Vera');
  await page.goto('/verification');
  await expect(page.getByRole('heading', { name: 'Verify your account' })).toBeVisible();
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: UI_MESSAGES.labelSubmit.text }).click();
  await expect(page.getByText(UI_MESSAGES.verificationCodeSent.text)).toBeVisible();

  await page.getByLabel(UI_MESSAGES.labelVerificationCode.text).fill('000000');
  await page.getByRole('button', { name: UI_MESSAGES.labelSubmit.text }).click();
  await expect(page.getByText(UI_MESSAGES.verificationCodeInvalid.text)).toBeVisible();

  const mail = await waitForMail(person.email, /following code/);
  const code = /following code:\s*(\S+)/.exec(mail.text)![1]!;
  await page.getByLabel(UI_MESSAGES.labelVerificationCode.text).fill(code);
  await page.getByRole('button', { name: UI_MESSAGES.labelSubmit.text }).click();
  await expect(page.getByText(UI_MESSAGES.verificationSuccessful.text)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
});
