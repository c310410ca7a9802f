import { randomBytes } from 'node:crypto';
import { expect, test } from '../../src/fixtures.js';
import { seedRows } from '../../src/seed.js';

test('Event Queue Status lists pending and failed events per name at both routes', async ({ signedInPage: page, db }) => {
  const name = `e2e.event.${randomBytes(3).toString('hex')}`;
  const failedAt = new Date(Date.now() - 5 * 60_000);
  await seedRows(db, 'event_queue', [
    { name, attempts: 0 },
    { name, attempts: 3, error: 'smtp: connection refused', last_attempt: failedAt },
    { name, attempts: 2, error: 'smtp: connection refused', last_attempt: new Date() },
  ]);
  try {
    for (const path of ['/settings/event-queue', '/settings/event-queue-status']) {
      await page.goto(path);
      const table = page.getByRole('table', { name: 'Event queue status' });
      for (const header of ['Name', 'Pending', 'Failed', 'Average Attempts', 'First Failure', 'Last Failure', 'Most Common Error']) {
        await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
      }
      const row = table.getByRole('row').filter({ hasText: name });
      const cells = row.getByRole('cell');
      await expect(cells.nth(1)).toHaveText('1');
      await expect(cells.nth(2)).toHaveText('2');
      await expect(cells.nth(3)).toHaveText('1.67');
      await expect(cells.nth(4)).toHaveText('5m ago');
      await expect(cells.nth(6)).toHaveText('smtp: connection refused');
    }
  } finally {
    await db.pool.query('DELETE FROM event_queue WHERE name = $1', [name]);
  }
});
