import type { Browser, Page } from '@playwright/test';

/** A new 1440×900 browser context signed in through the real sign-in page; its page is on the landing page. */
export async function signIn(browser: Browser, base: string, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 30_000 });
  return page;
}
