import { MESSAGES } from '@ops/shared';
import { expect, test } from '../../src/fixtures.js';

// A refresh of /health that fails keeps the table but says so: a toast with the cause and a
// 'Stale since HH:MM' marker until a refresh succeeds.
test('a failed refresh of /health shows a toast and a stale marker until a refresh succeeds', async ({ signedInPage: page }) => {
  await page.goto('/health');
  await expect(page.getByRole('table', { name: 'Health checks' })).toBeVisible();
  const refresh = page.getByRole('button', { name: 'Refresh checks' });
  const stale = page.getByRole('status').filter({ hasText: /^Stale since \d{1,2}:\d{2}/ });
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(stale).toHaveCount(0);

  // The network fails.
  await page.route('**/api/canary/api/summary**', (route) => route.abort('failed'));
  await refresh.click();
  await expect(toasts.getByText(MESSAGES.network)).toBeVisible();
  await expect(stale).toBeVisible();
  await expect(page.getByRole('table', { name: 'Health checks' })).toBeVisible();

  // The server answers 500 with its message.
  await page.unroute('**/api/canary/api/summary**');
  await page.route('**/api/canary/api/summary**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'database is restarting' }) }),
  );
  await refresh.click();
  await expect(toasts.getByText('database is restarting')).toBeVisible();
  await expect(stale).toBeVisible();

  // Back to normal: the marker goes.
  await page.unroute('**/api/canary/api/summary**');
  await refresh.click();
  await expect(stale).toHaveCount(0);
});
