import { randomBytes } from 'node:crypto';
import { expect, test } from '../../src/fixtures.js';
import { startLoopbackTarget } from './loopback-target.js';

// Issue 4: create an HTTP check with the form against a loopback server, see it fail then pass after
// the target changes, open the detail, filter its history, run it now, switch layouts and groupings,
// and reload with the state kept in the URL.
test('an HTTP check made with the form fails, then passes after its target changes', async ({ signedInPage: page }) => {
  test.setTimeout(120_000);
  const target = await startLoopbackTarget(500);
  const name = `e2e-http-${randomBytes(3).toString('hex')}`;
  try {
    // The editor: required fields first, then a valid HTTP check.
    await page.goto('/settings/canaries/new');
    await expect(page.getByRole('heading', { name: 'New Health Check' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await expect(page.getByText('Add at least one check')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('button', { name: 'Add Check' }).click();
    await page.getByRole('dialog', { name: 'Add Check' }).getByRole('button', { name: 'HTTP', exact: true }).click();
    const check = page.getByRole('region', { name: 'HTTP check 1' });
    await check.getByLabel('URL').fill('not filled yet');
    await check.getByLabel('URL').fill('');
    await check.getByLabel('URL').blur();
    await expect(check.getByText('This field is required').first()).toBeVisible();
    await check.getByLabel('Name').fill(`${name}-probe`);
    await check.getByLabel('URL').fill(target.url);
    await check.getByLabel('Threshold (ms)').fill('-1');
    await expect(check.getByText('Must be 0 or more')).toBeVisible();
    await check.getByLabel('Threshold (ms)').fill('5000');
    // Body is offered only for POST and PUT.
    await expect(check.getByLabel('Body')).toHaveCount(0);
    await check.getByRole('button', { name: '200', exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} created successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/canaries\/[0-9a-f-]{36}$/);
    // Existing canaries keep name and namespace read-only.
    await expect(page.getByRole('textbox', { name: 'Name', exact: true }).first()).toHaveAttribute('readonly', '');

    // The dashboard: the check runs against the failing target.
    await page.goto(`/health?query=${name}`);
    const table = page.getByRole('table', { name: 'Health checks' });
    const row = table.getByRole('row').filter({ hasText: `${name}-probe` });
    // The server creates the check from the new spec within a moment; refresh until it is listed.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh checks' }).click();
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await row.click();
    const dialog = page.getByRole('dialog', { name: `${name}-probe` });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/checkId=/);
    await dialog.getByRole('button', { name: 'Run Now' }).click();
    await expect(page.getByText(/Check failed/)).toBeVisible();
    const history = dialog.getByRole('table', { name: 'Status history' });
    await expect(history.getByText('Unhealthy').first()).toBeVisible();
    expect(target.hits()).toBeGreaterThan(0);

    // The target recovers: Run Now passes and the dashboard and check refresh.
    target.setStatus(200);
    await dialog.getByRole('button', { name: 'Run Now' }).click();
    await expect(page.getByText('Check passed')).toBeVisible();
    await expect(history.getByText('Healthy', { exact: true }).first()).toBeVisible();

    // History filters: status, and a duration that must be in ms or s.
    await dialog.getByLabel('Status', { exact: true }).click();
    await page.getByRole('option', { name: 'Unhealthy' }).click();
    await expect(page).toHaveURL(/historyStatus=0/);
    await expect(history.getByText('Healthy', { exact: true })).toHaveCount(0);
    await expect(history.getByText('Unhealthy').first()).toBeVisible();
    await dialog.getByLabel('Duration').fill('2m');
    await expect(dialog.getByText('duration is allowed only in milli seconds & seconds')).toBeVisible();
    await dialog.getByLabel('Duration').fill('0ms');
    await expect(dialog.getByText('duration is allowed only in milli seconds & seconds')).toHaveCount(0);
    await dialog.getByRole('tab', { name: 'Spec' }).click();
    await expect(dialog.getByText(target.url, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/checkId=/);

    // A passing check is hidden by default; showing passing checks brings it back.
    await expect(row).toHaveCount(0);
    await page.getByRole('button', { name: 'Show passing' }).click();
    await expect(page).toHaveURL(/hidePassing=false/);
    await expect(row).toBeVisible();
    await expect(row.getByRole('img', { name: 'healthy' })).toBeVisible();

    // Layouts and groupings, then a reload keeps everything from the URL.
    await page.getByRole('button', { name: 'Cards' }).click();
    await expect(page).toHaveURL(/layout=card/);
    await expect(page.getByRole('button', { name: `${name}-probe (healthy)` })).toBeVisible();
    await page.getByRole('combobox', { name: 'Group By' }).click();
    await page.getByRole('option', { name: 'No Grouping' }).click();
    await expect(page).toHaveURL(/groupBy=no-group/);
    await page.getByRole('button', { name: 'Table' }).click();
    await table.getByRole('button', { name: 'Uptime' }).click();
    await expect(page).toHaveURL(/sortBy=uptime/);
    await page.getByRole('button', { name: 'Cards' }).click();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Group By' })).toHaveText('No Grouping');
    await expect(page.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('searchbox', { name: 'Search by name, description, or endpoint' })).toHaveValue(name);
    await expect(page.getByRole('button', { name: `${name}-probe (healthy)` })).toBeVisible();
    await page.getByRole('button', { name: `${name}-probe (healthy)` }).click();
    await expect(page.getByRole('dialog', { name: `${name}-probe` })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('dialog', { name: `${name}-probe` })).toBeVisible();
  } finally {
    await target.close();
  }
});
