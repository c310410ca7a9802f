import type { Page } from '@playwright/test';
import { expect, test } from '../../src/fixtures.js';
import { signInThroughPage } from '../../src/login-page.js';

// Every securitypolicyviolation event and CSP console message of a page, collected from its first script on.
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) messages.push(`console: ${m.text()}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  return async () => [...messages, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

test('the built app loads and runs under its Content-Security-Policy without a violation', async ({ page, run }) => {
  const violations = await watchCsp(page);
  const first = await page.goto('/login');
  const csp = first?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self' 'sha256-/);
  expect(first?.headers()['cache-control']).toBe('no-cache');
  await signInThroughPage(page, run.adminEmail, run.adminPassword, '/health');
  // Pages with charts, tables, editors (CodeMirror), menus (Radix) and the settings lists.
  for (const path of ['/health', '/catalog', '/topology', '/settings/canaries', '/settings/users', '/settings/feature-flags']) {
    await page.goto(path);
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // The theme snippet ran: the html element has its class list decided before the app's script.
  expect(await page.evaluate(() => typeof document.documentElement.className)).toBe('string');
  expect(await violations()).toEqual([]);
});

test('hashed assets are cached for good and every answer forbids framing and sniffing', async ({ page, request }) => {
  const res = await page.goto('/login');
  const html = (await res?.text()) ?? '';
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  for (const [path, cache] of [
    [asset!, 'public, max-age=31536000, immutable'],
    ['/api/about', undefined],
  ] as const) {
    const r = await request.get(path);
    expect(r.status(), path).toBe(200);
    if (cache) expect(r.headers()['cache-control'], path).toBe(cache);
    expect(r.headers()['x-content-type-options'], path).toBe('nosniff');
    expect(r.headers()['x-frame-options'], path).toBe('DENY');
    expect(r.headers()['referrer-policy'], path).toBe('same-origin');
  }
});
