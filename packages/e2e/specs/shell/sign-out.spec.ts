import { expect, test } from '../../src/fixtures.js';
import { signInThroughPage, submitSignIn, SIGN_IN_TITLE } from '../../src/login-page.js';
import { openUserMenu } from './shell.js';

// Signs in on its own: signing out ends the session, so the shared admin session must not be used.
test('Sign out returns to the same page after the next sign-in', async ({ page, createUser }) => {
  const user = await createUser(['admin'], 'leaver');
  await signInThroughPage(page, user.email, user.password);
  const target = '/settings/jobs?status=FAILED';
  await page.goto(target);
  await expect(page).toHaveURL(target);

  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByText(SIGN_IN_TITLE)).toBeVisible();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/login');
  expect(url.searchParams.get('return_to')).toBe(target);

  // The session is really gone: the API refuses the old cookie.
  expect((await page.request.get('/api/auth/whoami')).status()).toBe(401);

  await submitSignIn(page, user.email, user.password);
  await expect(page).toHaveURL(target);
});
