import { randomBytes, randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { MESSAGES, TEAM_MESSAGES } from '@ops/shared';
import { expect, test } from '../../src/fixtures.js';

// Issue 14: /settings/{table} and /settings/{table}/{id} are one generic list and one generic edit page, driven by
// each table's description: columns (some hidden per table), the latest run's status and details, tags, tabs in
// the URL and the Save/Update texts of the table's own editor.

const json = { 'content-type': 'application/json', prefer: 'return=representation' };

/** A canary with three labels and an HTTP check against a closed port, run once now so it has a FAILED run. */
async function failedCanary(api: APIRequestContext, name: string): Promise<string> {
  const created = await api.post('/api/db/canaries', {
    headers: json,
    data: {
      name,
      labels: { app: 'shop', env: 'prod', tier: 'web' },
      spec: { schedule: '@every 1h', http: [{ name: `${name}-probe`, url: 'http://127.0.0.1:9/' }] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }[])[0]!.id;
  // The server creates the canary's checks from its spec within a moment.
  let checkId = '';
  await expect
    .poll(async () => {
      const r = await api.get(`/api/db/checks?canary_id=eq.${id}&select=id`);
      checkId = ((await r.json()) as { id: string }[])[0]?.id ?? '';
      return checkId;
    })
    .not.toBe('');
  const run = await api.post(`/api/canary/run/check/${checkId}`);
  expect(run.status(), await run.text()).toBe(200);
  return id;
}

test('the canaries list shows its columns without Namespace, tags with +N more and the run, and opens the editor', async ({
  signedInPage: page,
  api,
}) => {
  const name = `e2e-res-${randomBytes(3).toString('hex')}`;
  const id = await failedCanary(api, name);

  await page.goto('/settings/canaries');
  await expect(page.getByRole('heading', { name: 'Health' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Health' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Name',
    'Source',
    'Schedule',
    'Job Status',
    'Last Run',
    'Last Failed',
    'Tags',
    'Created',
    'Updated',
    'Created By',
  ]);
  const row = table.getByRole('row').filter({ hasText: name });
  const cells = row.getByRole('cell');
  await expect(cells.nth(1)).toHaveText('UI');
  await expect(cells.nth(2)).toHaveText('@every 1h');
  await expect(cells.nth(3)).toContainText('FAILED');
  // Relative times: a row drawn within a second of its creation says 'just now'.
  await expect(cells.nth(4)).toHaveText(/^(just now|.+ ago)$/);
  await expect(cells.nth(5)).toHaveText(/^(just now|.+ ago)$/);
  await expect(cells.nth(6)).toHaveText('app: shop+2 more');
  await page.screenshot({ path: test.info().outputPath('canaries-list.png') });

  // The run's errors open in a dialog without leaving the list.
  await row.getByRole('button', { name: '(View details)' }).click();
  const details = page.getByRole('dialog', { name: 'Details for job canary-run' });
  await expect(details.getByText(`${name}-probe`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(page).toHaveURL(/\/settings\/canaries$/);

  // A row opens the Health Check editor: Spec and Job History tabs, 'Update' for a stored canary.
  await cells.first().click();
  await expect(page).toHaveURL(`/settings/canaries/${id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Health Check tabs' });
  await expect(tabs.getByRole('tab')).toHaveText(['Spec', 'Job History']);
  await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('canary-edit.png') });
  await tabs.getByRole('tab', { name: 'Job History' }).click();
  await expect(page).toHaveURL(`/settings/canaries/${id}?tab=jobHistory`);
  await expect(page.getByRole('table', { name: 'Job history' }).getByText('FAILED').first()).toBeVisible();
});

test('a team opens on Spec and has a Members tab in the URL', async ({ signedInPage: page, api }) => {
  const name = `e2e-res-team-${randomBytes(3).toString('hex')}`;
  const created = await api.post('/api/db/teams', { headers: json, data: { name } });
  expect(created.status()).toBe(201);

  await page.goto('/settings/teams');
  const table = page.getByRole('table', { name: 'Teams' });
  await expect(table.getByRole('columnheader', { name: 'Namespace' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Schedule' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Job Status' })).toBeVisible();
  await table.getByRole('row').filter({ hasText: name }).getByRole('cell').first().click();
  const tabs = page.getByRole('tablist', { name: 'Team tabs' });
  await expect(tabs.getByRole('tab')).toHaveText(['Spec', 'Members', 'Job History']);
  await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
  await tabs.getByRole('tab', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\?tab=manageTeam$/);
  await expect(page.getByText(TEAM_MESSAGES.noMembers)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
});

test('the scrapers list opens its rows inside /settings/scrapers with the catalog scraper editor', async ({ signedInPage: page, api }) => {
  const name = `e2e-res-scraper-${randomBytes(3).toString('hex')}`;
  const applied = await api.post('/api/resources/apply', {
    headers: { 'content-type': 'application/yaml' },
    data: `apiVersion: configs.flanksource.com/v1\nkind: ScrapeConfig\nmetadata:\n  name: ${name}\nspec:\n  schedule: '@every 24h'\n  file:\n    - type: E2E::Resource\n      id: $.id\n      name: $.name\n      paths: ['/nonexistent/${name}.json']\n`,
  });
  expect(applied.status(), await applied.text()).toBe(200);
  const id = ((await applied.json()) as { results: { id: string }[] }).results[0]!.id;

  await page.goto('/settings/scrapers');
  await expect(page.getByRole('heading', { name: 'Scrapers' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Scrapers' });
  await expect(table.getByRole('columnheader', { name: 'Schedule' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Namespace' })).toHaveCount(0);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('cell').nth(1)).toHaveText('apply');
  await page.screenshot({ path: test.info().outputPath('scrapers-list.png') });
  await row.getByRole('cell').first().click();
  await expect(page).toHaveURL(`/settings/scrapers/${id}`);
  await expect(page.getByRole('tablist', { name: 'Scraper tabs' }).getByRole('tab')).toHaveText(['Spec', 'Job History']);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  await page.getByRole('tab', { name: 'Code' }).click();
  await expect(page.getByRole('textbox', { name: 'Scraper spec' })).toContainText(name);
  await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();

  // A new scraper picks its type, then saves with 'Save'.
  await page.goto('/settings/scrapers/new');
  await expect(page.getByRole('heading', { name: 'New Scraper' })).toBeVisible();
  await page.getByRole('button', { name: 'File', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
});

test("an unknown row says 'No resources found'; /settings/properties lands on Feature Flags", async ({ signedInPage: page }) => {
  await page.goto(`/settings/canaries/${randomUUID()}`);
  await expect(page.getByText(MESSAGES.noResources)).toBeVisible();
  await page.goto('/settings/properties');
  await expect(page).toHaveURL(/\/settings\/feature-flags$/);
});
