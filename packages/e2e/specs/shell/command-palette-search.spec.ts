import { randomBytes } from 'node:crypto';
import { expect, test } from '../../src/fixtures.js';
import { seedRows } from '../../src/seed.js';

// Ctrl/Cmd-K searches the server for catalogue items and checks by name: one request once typing pauses,
// results grouped by kind, arrows to move, Enter to open the item's page.
test('Ctrl-K finds a config item and a check by name and opens each', async ({ signedInPage: page, api, db }) => {
  const token = `pal${randomBytes(3).toString('hex')}`;
  const [item] = await seedRows<{ id: string }>(db, 'config_items', [
    {
      external_id: [`e2e-${token}`],
      type: 'Kubernetes::Pod',
      config_class: 'Pod',
      name: `${token}-cache-0`,
      health: 'healthy',
      tags: { namespace: 'prod' },
    },
  ]);
  const applied = await api.post('/api/resources/apply', {
    headers: { 'content-type': 'application/yaml' },
    data: `apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: ${token}-probes\nspec:\n  schedule: "@every 1h"\n  exec:\n    - name: ${token}-ping\n      script: "true"\n`,
  });
  expect(applied.status()).toBe(200);

  await page.goto('/health');
  const searches: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/search') searches.push(r.url());
  });

  const openPalette = async () => {
    // The shortcut listens once the shell has rendered.
    await expect(page.getByRole('heading', { name: 'Health', level: 1 })).toBeVisible();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette).toBeVisible();
    return palette;
  };

  let palette = await openPalette();
  await palette.getByRole('combobox', { name: 'Command' }).pressSequentially(token, { delay: 40 });
  const catalog = palette.getByRole('group', { name: 'Catalog' });
  const checks = palette.getByRole('group', { name: 'Health checks' });
  await expect(catalog.getByRole('option', { name: new RegExp(`${token}-cache-0`) })).toBeVisible();
  await expect(checks.getByRole('option', { name: new RegExp(`${token}-ping`) })).toBeVisible();
  // Typed within the debounce: requests for the word, not one per key (normally one; a key that a loaded
  // machine delivers after the 300 ms pause may add one more), the last for the whole word.
  expect(searches.length).toBeGreaterThanOrEqual(1);
  expect(searches.length).toBeLessThan(token.length / 2);
  expect(new URL(searches.at(-1)!).searchParams.get('q')).toBe(token);
  await page.screenshot({ path: test.info().outputPath('palette-search.png') });

  // The first hit is selected; one arrow down reaches the check.
  await expect(catalog.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(checks.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/health\?checkId=[0-9a-f-]{36}/);
  await expect(page.getByRole('dialog', { name: `${token}-ping` })).toBeVisible();
  await page.keyboard.press('Escape');

  palette = await openPalette();
  await palette.getByRole('combobox', { name: 'Command' }).fill(`${token}-cache`);
  await expect(catalog.getByRole('option', { name: new RegExp(`${token}-cache-0`) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/catalog/${item!.id}$`));
  await expect(page.getByText(`${token}-cache-0`).first()).toBeVisible();
});

test('the palette says Searching… while the server looks, then No results found.', async ({ signedInPage: page }) => {
  await page.goto('/health');
  await expect(page.getByRole('heading', { name: 'Health', level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Command' }).fill(`nothing-${randomBytes(4).toString('hex')}`);
  await expect(palette.getByText('Searching…')).toBeVisible();
  await expect(palette.getByText('No results found.')).toBeVisible();
  await expect(palette.getByText('Searching…')).toBeHidden();
  await expect(palette.getByRole('option')).toHaveCount(0);
});
