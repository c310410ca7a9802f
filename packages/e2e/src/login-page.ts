import { expect, type Page } from '@playwright/test';

/** The title the sign-in page shows. */
export const SIGN_IN_TITLE = 'Sign In to your account';

/**
 * Sign in through the real /login page (optionally with a return_to path) and wait until the app
 * has left it. Selects by label and role, as a user would.
 */
export async function signInThroughPage(page: Page, email: string, password: string, returnTo?: string): Promise<void> {
  const url = returnTo ? `/login?return_to=${encodeURIComponent(returnTo)}` : '/login';
  await page.goto(url);
  await submitSignIn(page, email, password);
}

/** Fill and submit the sign-in form already on screen, then wait until the app leaves /login. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByText(SIGN_IN_TITLE)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
}
