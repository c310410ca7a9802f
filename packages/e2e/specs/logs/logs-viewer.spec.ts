import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '../../src/fixtures.js';
import { seedRows } from '../../src/seed.js';

// Issue 15 (6): the logs viewer over a file backend seeded by SQL: a component's lines with level colours and
// only http(s) links, search in the URL, a reload keeping the URL state and the column widths, downloads.

test('the logs viewer shows, searches and downloads the lines of a component, keeping its state over a reload', async ({
  signedInPage: page,
  db,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const dir = mkdtempSync(path.join(tmpdir(), 'ops-e2e-logs-'));
  const file = path.join(dir, 'app.log');
  const now = Date.now();
  const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();
  writeFileSync(
    file,
    [
      { time: at(30), level: 'info', msg: 'service started on port 8080' },
      { time: at(20), level: 'warn', msg: 'slow response from https://payments.example.com/charge' },
      { time: at(10), level: 'error', msg: 'order failed: timeout calling javascript:alert(1)' },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n') + '\n',
  );
  const backend = `e2e-files-${suffix}`;
  const component = { id: randomUUID(), name: `orders-api-${suffix}` };
  try {
    await seedRows(db, 'logging_backends', [{ name: backend, spec: { file: { path: file } } }]);
    await seedRows(db, 'components', [
      { id: component.id, name: component.name, type: 'Service', log_selectors: JSON.stringify([{ name: 'app', backend }]) },
    ]);

    await page.goto(`/logs?topologyId=${component.id}`);
    await expect(page.getByRole('heading', { name: `Logs - ${component.name}` })).toBeVisible();
    const table = page.getByRole('table', { name: `Logs - ${component.name}` });
    await expect(table.getByRole('row')).toHaveCount(4);
    // Newest first; the error is red; only the https URL is a link.
    await expect(table.getByRole('row').nth(1)).toContainText('order failed');
    await expect(table.getByRole('row').nth(1).getByText('error', { exact: true })).toHaveClass(/text-red-600/);
    await expect(table.getByRole('link')).toHaveCount(1);
    await expect(table.getByRole('link', { name: 'https://payments.example.com/charge' })).toHaveAttribute(
      'href',
      'https://payments.example.com/charge',
    );
    await expect(page.getByRole('combobox', { name: 'Log selector' })).toHaveText('app');

    // Search: the URL holds the query (debounced), and the table narrows.
    await page.getByRole('searchbox', { name: 'Search logs' }).fill('timeout');
    await expect(page).toHaveURL(/query=timeout/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('order failed');

    // Widen the Time column by dragging its handle.
    const handle = page.getByRole('separator', { name: 'Resize Time column' });
    const before = Number(await handle.getAttribute('aria-valuenow'));
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Number(await handle.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(before + 70);
    const widened = await handle.getAttribute('aria-valuenow');

    await page.reload();
    await expect(page).toHaveURL(new RegExp(`topologyId=${component.id}.*query=timeout|query=timeout.*topologyId=${component.id}`));
    await expect(page.getByRole('searchbox', { name: 'Search logs' })).toHaveValue('timeout');
    await expect(page.getByRole('table', { name: `Logs - ${component.name}` }).getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('separator', { name: 'Resize Time column' })).toHaveAttribute('aria-valuenow', widened!);

    // Downloads: .log and .json of the lines shown.
    for (const format of ['log', 'json'] as const) {
      await page.getByRole('button', { name: 'Download' }).click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: `As .${format}` }).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^orders-api-${suffix}-\\d{4}-\\d{2}-\\d{2}T[\\d-]+\\.${format}$`));
      const text = readFileSync((await download.path())!, 'utf8');
      if (format === 'json')
        expect((JSON.parse(text) as { message: string }[]).map((l) => l.message)).toEqual([expect.stringContaining('order failed')]);
      else expect(text).toMatch(/\[ERROR\] order failed/);
      await expect(page.getByText('Downloaded logs').first()).toBeVisible();
    }

    // None: the viewer asks for a component.
    await page.getByRole('combobox', { name: 'Component' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    await expect(page.getByText('Please select a component to view the logs')).toBeVisible();
  } finally {
    await db.pool.query('DELETE FROM components WHERE id = $1', [component.id]);
    await db.pool.query('DELETE FROM logging_backends WHERE name = $1', [backend]);
    rmSync(dir, { recursive: true, force: true });
  }
});
