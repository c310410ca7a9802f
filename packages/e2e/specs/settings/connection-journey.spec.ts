import type { Page } from '@playwright/test';
import { expect, test } from '../../src/fixtures.js';
import { addPostgresConnection, databaseParts, deleteByName, openEdit, unique } from './connection-steps.js';

/** Replaces the text of a YAML editor (CodeMirror) with `text`, typed as one insertion. */
async function setEditorText(page: Page, label: string, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: label });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

// Issue 14, as a new user does it: a PostgreSQL connection made with the form and tested, then a health
// check made in Settings → Health and a SQL scraper that use it by connection://; deleting the connection
// makes the check's next run fail with the connection named.
test('a PostgreSQL connection made in the UI is tested and used by a canary and a scraper', async ({ signedInPage: page, api, run }) => {
  test.setTimeout(120_000);
  const conn = unique('e2e-journey-pg');
  const canary = unique('e2e-journey');
  const scraper = unique('e2e-journey-sql');
  const configType = `E2E${canary.slice(-8)}::Database`;
  let canaryId: string | undefined;
  let scraperUrl: string | undefined;
  try {
    await page.goto('/settings/connections');
    await addPostgresConnection(page, conn, databaseParts(run.pgUrl));
    const edit = await openEdit(page, conn);
    await edit.getByRole('button', { name: 'Test' }).click();
    await expect(page.getByText('Connection successful')).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/settings/canaries/new');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(canary);
    await page.getByRole('button', { name: 'Add Check' }).click();
    await page
      .getByRole('dialog', { name: 'Add Check' })
      .getByRole('button', { name: /^Postgres/ })
      .click();
    await setEditorText(
      page,
      'Postgres check YAML',
      `name: ${canary}-db\nconnection: connection://default/${conn}\nquery: SELECT 1 AS one\nresults: 1\n`,
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${canary} created successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/canaries\/[0-9a-f-]{36}$/);
    canaryId = /[0-9a-f-]{36}$/.exec(page.url())?.[0];

    await page.goto(`/health?query=${canary}&hidePassing=false`);
    const row = page
      .getByRole('table', { name: 'Health checks' })
      .getByRole('row')
      .filter({ hasText: `${canary}-db` });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh checks' }).click();
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await row.click();
    const dialog = page.getByRole('dialog', { name: `${canary}-db` });
    await dialog.getByRole('button', { name: 'Run Now' }).click();
    await expect(page.getByText('Check passed')).toBeVisible();

    // A SQL scraper made in the editor reads the same database through the same reference.
    await page.goto('/catalog/scrapers/new');
    await page.getByRole('button', { name: 'Custom', exact: true }).click();
    await setEditorText(
      page,
      'Scraper spec',
      [
        'apiVersion: configs.flanksource.com/v1',
        'kind: ScrapeConfig',
        `metadata:\n  name: ${scraper}`,
        'spec:',
        '  sql:',
        `    - connection: connection://default/${conn}`,
        `      type: ${configType}`,
        '      id: $.datname',
        '      name: $.datname',
        '      query: SELECT current_database() AS datname, 1 AS one',
        '',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${scraper} created successfully`)).toBeVisible();
    scraperUrl = page.url();
    // A new scraper runs at once; its item shows in the catalogue under the type it declared.
    const database = new URL(run.pgUrl).pathname.slice(1);
    await expect(async () => {
      await page.goto(`/catalog?configType=${configType.replace('::', '__')}`);
      await expect(page.getByRole('table', { name: 'Catalog' }).getByRole('row', { name: new RegExp(database) })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });

    await page.goto(`/health?query=${canary}&hidePassing=false`);
    await row.click();
    // Without its connection the check fails, and its message names the connection it could not find.
    await deleteByName(api, conn);
    await dialog.getByRole('button', { name: 'Run Now' }).click();
    await expect(page.getByText(/Check failed/)).toBeVisible();
    await expect(dialog.getByText(new RegExp(`connection://default/${conn}|${conn}`)).first()).toBeVisible();
  } finally {
    await deleteByName(api, conn);
    const scraperId = scraperUrl && /[0-9a-f-]{36}$/.exec(scraperUrl)?.[0];
    if (scraperId) await api.patch(`/api/db/config_scrapers?id=eq.${scraperId}`, { data: { deleted_at: new Date().toISOString() } });
    if (canaryId) await api.patch(`/api/db/canaries?id=eq.${canaryId}`, { data: { deleted_at: new Date().toISOString() } });
  }
});
