import { expect, test } from '../../src/fixtures.js';

// Help → Docs opens the API reference (Swagger UI over /api/openapi.json) in a new tab, with nothing
// refused by the Content-Security-Policy and nothing loaded from another site.
test('Help → Docs opens the API reference listing the API', async ({ signedInPage: page, run }) => {
  await page.goto('/health');
  await page.getByRole('button', { name: 'Help' }).click();
  const [docs] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('menuitem', { name: 'Docs' }).click()]);

  const problems: string[] = [];
  const foreign: string[] = [];
  docs.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  docs.on('pageerror', (e) => problems.push(e.message));
  docs.on('request', (r) => {
    if (!r.url().startsWith(run.baseUrl) && !r.url().startsWith('data:')) foreign.push(r.url());
  });

  await docs.waitForLoadState();
  expect(new URL(docs.url()).pathname).toBe('/api/docs');
  await expect(docs).toHaveTitle('API reference · Ops Console');
  await expect(docs.getByRole('heading', { name: /Ops Console API/ })).toBeVisible();
  // The operations of the typed endpoints are listed, the search among them.
  await expect(docs.getByText('/api/search', { exact: true })).toBeVisible();
  await expect(docs.getByText('/api/about', { exact: true })).toBeVisible();
  await docs.screenshot({ path: test.info().outputPath('api-docs.png') });

  // An operation opens with its parameters.
  await docs.getByText('/api/search', { exact: true }).click();
  await expect(docs.getByText('limit', { exact: true }).first()).toBeVisible();
  expect(problems).toEqual([]);
  expect(foreign).toEqual([]);
});
