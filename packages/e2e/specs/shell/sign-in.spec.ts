import { FRONTEND_VERSION, UI_MESSAGES } from '@ops/shared';
import { expect, test } from '../../src/fixtures.js';
import { submitSignIn } from '../../src/login-page.js';
import { openUserMenu, sidebar } from './shell.js';

test('the admin signs in through /login and sees the shell and the version line', async ({ page, api, run }) => {
  const about = (await (await api.get('/api/about')).json()) as { Version: string };

  // Signed out, a deep link goes to the sign-in page (by way of /auth-state-checker) and back after it.
  const target = '/settings/feature-flags';
  await page.goto(target);
  await expect(page).toHaveURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get('return_to')).toBe(target);
  await submitSignIn(page, run.adminEmail, run.adminPassword);
  await expect(page).toHaveURL(target);

  await expect(sidebar(page).getByRole('button', { name: 'Settings' })).toBeVisible();
  const menu = await openUserMenu(page);
  await expect(menu.getByText(/^Hi\b/)).toBeVisible();
  await expect(menu.getByText(`Frontend ${FRONTEND_VERSION} / Backend ${about.Version}`)).toBeVisible();
});

test('a wrong password keeps the user on /login with the server message', async ({ page, run }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(run.adminEmail);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page.getByText(UI_MESSAGES.invalidCredentials.text)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a second-factor link without a session goes to first-factor sign-in and keeps the deep link', async ({ page, run }) => {
  const target = '/settings/feature-flags';
  await page.goto(`/login?aal=aal2&return_to=${encodeURIComponent(target)}`);
  await expect(page.getByLabel('Email')).toBeVisible();
  const url = new URL(page.url());
  expect(url.searchParams.get('aal')).toBeNull();
  expect(url.searchParams.get('return_to')).toBe(target);
  await submitSignIn(page, run.adminEmail, run.adminPassword);
  await expect(page).toHaveURL(target);
});

test('registration when it is off: the reason once, no Retry', async ({ page }) => {
  await page.goto('/registration');
  const reason = page.getByText('Registration is not allowed because it was disabled.');
  await expect(reason).toHaveCount(1);
  await expect(reason).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

test('what is typed into the sign-in form before its flow arrives is kept and signs in', async ({ page, run }) => {
  // Hold the new login flow until the form has been filled.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/self-service/login/browser*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login?return_to=%2Fsettings%2Ffeature-flags');
  const signIn = page.getByRole('button', { name: /^sign in$/i });
  await expect(signIn).toBeDisabled();
  await page.getByLabel('Email').fill(run.adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(run.adminPassword);
  release();
  await expect(page).toHaveURL(/[?&]flow=/);
  await expect(page.getByLabel('Email')).toHaveValue(run.adminEmail);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(run.adminPassword);
  await expect(signIn).toBeEnabled();
  await signIn.click();
  await expect(page).toHaveURL('/settings/feature-flags');
});
