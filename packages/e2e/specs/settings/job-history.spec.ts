import { randomBytes } from 'node:crypto';
import { expect, test } from '../../src/fixtures.js';
import { seedJobHistory } from '../../src/seed.js';

const DAY = 86_400_000;

test('Jobs History hides SUCCESS by default, filters by status and name, and pages on the server', async ({ signedInPage: page, db }) => {
  const name = `E2eJob${randomBytes(3).toString('hex')}`;
  const now = Date.now();
  await seedJobHistory(db, [
    ...Array.from({ length: 7 }, (_, i) => ({
      name,
      status: 'FAILED' as const,
      error_count: 1,
      created_at: new Date(now - (i + 1) * 60_000),
    })),
    { name, status: 'SUCCESS', success_count: 4, created_at: new Date(now - 30_000) },
    { name, status: 'WARNING', duration_millis: 45_000, created_at: new Date(now - 20_000) },
    { name, status: 'FAILED', created_at: new Date(now - 3 * DAY) },
  ]);

  await page.goto(`/settings/jobs?name=${name}&pageSize=5`);
  const table = page.getByRole('table', { name: 'Job history' });
  const rows = table.getByRole('row').filter({ hasText: name });
  // 7 FAILED + 1 WARNING in the last 2 days; SUCCESS excluded by default; the 3-day-old run is outside the range.
  await expect(page.getByText('1–5 of 8')).toBeVisible();
  await expect(rows).toHaveCount(5);
  await expect(table.getByText('SUCCESS', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Status: not SUCCESS' })).toBeVisible();

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/pageIndex=1/);
  await expect(page.getByText('6–8 of 8')).toBeVisible();

  // Include only WARNING: the filter goes to the URL and paging starts again.
  await page.getByRole('button', { name: 'Status: not SUCCESS' }).click();
  await page.getByRole('button', { name: 'Exclude SUCCESS' }).click();
  await page.getByRole('button', { name: 'Include WARNING' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=WARNING%3A1/);
  await expect(page).not.toHaveURL(/pageIndex=/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('45s');

  // A wider time range brings the old run back.
  await page.goto(`/settings/jobs?name=${name}&status=&rangeType=relative&display=Last+1+week&range=now-1w`);
  await expect(page.getByText('1–10 of 10')).toBeVisible();
});

test("a row with details opens 'Details for job {name}' with only the tabs that have content", async ({ signedInPage: page, db }) => {
  const name = `E2eDetails${randomBytes(3).toString('hex')}`;
  const [withErrors] = await seedJobHistory(db, [
    {
      name,
      status: 'FAILED',
      resource_type: 'canary',
      resource_id: 'c0ffee00-0000-4000-8000-000000000001',
      details: { errors: ['connection refused'], summary: { checks: { added: 2, updated: 1 } } },
    },
  ]);
  await seedJobHistory(db, [{ name: `${name}Plain`, status: 'FAILED' }]);
  expect(withErrors).toBeTruthy();

  await page.goto(`/settings/jobs?name=${name}`);
  const row = page.getByRole('table', { name: 'Job history' }).getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('link', { name: 'c0ffee00-0000-4000-8000-000000000001' })).toHaveAttribute(
    'href',
    '/settings/canaries/c0ffee00-0000-4000-8000-000000000001',
  );
  await row.getByRole('cell').first().click();
  const dialog = page.getByRole('dialog', { name: `Details for job ${name}` });
  await expect(dialog.getByRole('tab')).toHaveText(['Errors', 'Reconcile Summary']);
  await expect(dialog.getByText('connection refused')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Reconcile Summary' }).click();
  await expect(dialog.getByRole('table', { name: 'Reconcile Summary' })).toContainText('checks');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A run without errors or summaries opens no dialog.
  await page.goto(`/settings/jobs?name=${name}Plain`);
  const plain = page
    .getByRole('table', { name: 'Job history' })
    .getByRole('row')
    .filter({ hasText: `${name}Plain` });
  await plain.getByRole('cell').first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
