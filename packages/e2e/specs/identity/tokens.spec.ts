import { randomBytes } from 'node:crypto';
import { expect, test } from '../../src/fixtures.js';

test('a personal access token is shown once, works as a Bearer token, and stops working when revoked', async ({
  signedInPage: page,
  playwright,
  run,
}) => {
  const name = `e2e-token-${randomBytes(3).toString('hex')}`;
  await page.goto('/profile-settings');
  const tokens = page.getByRole('region', { name: 'Personal Access Tokens' });
  await tokens.getByLabel('Token name').fill(name);
  await tokens.getByRole('button', { name: 'Create Token' }).click();
  const value = (await tokens.getByLabel('New token').textContent())!.trim();
  expect(value.length).toBeGreaterThan(20);
  const row = tokens.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();

  const client = await playwright.request.newContext({ baseURL: run.baseUrl, extraHTTPHeaders: { authorization: `Bearer ${value}` } });
  try {
    expect((await client.get('/api/auth/whoami')).status()).toBe(200);
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('dialog', { name: 'Revoke token' }).getByRole('button', { name: 'Revoke' }).click();
    // While the dialog is open the page behind it is aria-hidden, so the row 'disappears' before the revoke
    // is sent: wait for the server's answer (the toast) and the closed dialog first.
    await expect(page.getByText(`${name} revoked successfully`)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Revoke token' })).toHaveCount(0);
    await expect(row).toHaveCount(0);
    expect((await client.get('/api/auth/whoami')).status()).toBe(401);
  } finally {
    await client.dispose();
  }
});
