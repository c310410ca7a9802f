import { randomBytes } from 'node:crypto';
import { expect, test } from '../../src/fixtures.js';
import { databaseParts, deleteByName } from '../settings/connection-steps.js';

// Issue 14: a new scraper starts from the type picker; SQL opens a form whose connection:// reference
// shows in the Code tab and, once saved, reads the database through the stored connection.
test('a SQL scraper made with the form uses a connection:// reference and fills the catalogue', async ({
  signedInPage: page,
  api,
  run,
}) => {
  test.setTimeout(120_000);
  const suffix = randomBytes(3).toString('hex');
  const conn = `e2e-scraper-form-pg-${suffix}`;
  const name = `e2e-scraper-form-${suffix}`;
  const configType = `E2E${suffix}::Database`;
  let scraperId: string | undefined;
  try {
    const db = databaseParts(run.pgUrl);
    const made = await api.post('/api/connections', { data: { name: conn, namespace: 'default', type: 'postgres', ...db } });
    expect(made.status(), await made.text()).toBe(201);

    await page.goto('/catalog/scrapers/new');
    const types = page.getByRole('list', { name: 'Scraper types' });
    await expect(types.getByRole('button')).toHaveText(
      ['AWS', 'Azure', 'Azure DevOps', 'Custom', 'File', 'Github Actions', 'HTTP', 'Kubernetes', 'Kubernetes File', 'SQL', 'Trivy'].map(
        (label) => new RegExp(`^${label}`),
      ),
    );
    await types.getByRole('button', { name: 'SQL', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Form' })).toHaveAttribute('aria-selected', 'true');

    // Required fields say so on Save; nothing is sent.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: /^Connection/ }).fill(`connection://default/${conn}`);
    await page.getByRole('textbox', { name: /^Query/ }).fill('SELECT current_database() AS datname, 1 AS one');
    await page.getByRole('textbox', { name: /^Type/ }).fill(configType);
    await page.getByRole('textbox', { name: /^ID/ }).fill('$.datname');
    await page.getByRole('combobox', { name: 'Schedule' }).click();
    await page.getByRole('option', { name: 'Daily' }).click();

    // The Code tab shows the same scraper as YAML.
    await page.getByRole('tab', { name: 'Code' }).click();
    const code = page.getByRole('textbox', { name: 'Scraper spec' });
    await expect(code).toContainText(`connection: connection://default/${conn}`);
    await expect(code).toContainText(`name: ${name}`);
    await expect(code).toContainText('schedule: "@daily"');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} created successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/catalog\/scrapers\/[0-9a-f-]{36}$/);
    scraperId = /[0-9a-f-]{36}$/.exec(page.url())?.[0];

    // Stored, it opens on its Form with the reference kept and the button reading Update.
    await expect(page.getByRole('tab', { name: 'Form' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('textbox', { name: /^Connection/ })).toHaveValue(`connection://default/${conn}`);
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();

    // A new scraper runs at once; the database it read through the connection shows under its type.
    const database = new URL(run.pgUrl).pathname.slice(1);
    await expect(async () => {
      await page.goto(`/catalog?configType=${configType.replace('::', '__')}`);
      await expect(page.getByRole('table', { name: 'Catalog' }).getByRole('row', { name: new RegExp(database) })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
  } finally {
    if (scraperId) await api.patch(`/api/db/config_scrapers?id=eq.${scraperId}`, { data: { deleted_at: new Date().toISOString() } });
    await deleteByName(api, conn);
  }
});
