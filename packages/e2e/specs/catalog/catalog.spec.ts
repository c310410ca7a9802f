import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../../src/fixtures.js';
import { createFleetSource } from './fleet-source.js';

/** Replace the YAML editor's whole text (CodeMirror) with `text`, typed as one insertion. */
async function setEditorText(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Scraper spec' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

// Issue 5: apply a file scraper from the editor, run it, browse summary → type → item, see the change
// diff, open the relationship graph and expand a group, and reload with the state kept in the URL.
test('a file scraper made in the editor fills the catalogue, records changes and draws relationships', async ({ signedInPage: page }) => {
  test.setTimeout(180_000);
  const suffix = randomBytes(3).toString('hex');
  const prefix = `E2E${suffix}`;
  const name = `e2e-fleet-${suffix}`;
  const source = createFleetSource(prefix);
  try {
    // The editor checks the ScrapeConfig against its schema before it can be saved.
    await page.goto('/catalog/scrapers');
    await page.getByRole('link', { name: 'Add Scraper' }).click();
    await expect(page).toHaveURL(/\/catalog\/scrapers\/new$/);
    // A new scraper picks its type first; Custom opens the YAML editor.
    await page.getByRole('button', { name: 'Custom', exact: true }).click();
    await setEditorText(
      page,
      `apiVersion: configs.flanksource.com/v1\nkind: ScrapeConfig\nmetadata:\n  name: ${name}\nspec:\n  kubernetes:\n    - namespace: default\n`,
    );
    await expect(page.getByText('spec.kubernetes[0].clusterName: clusterName is required').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await setEditorText(page, source.yaml(name));
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} created successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/catalog\/scrapers\/[0-9a-f-]{36}$/);
    const scraperUrl = page.url();

    // Run it now: the toast gives the run's summary; Job History lists the run. A new scraper is also
    // scheduled to run at once, so on a busy machine that run may have created the items first, or still be
    // running: then Run Now says so (409) and is pressed again once it has finished.
    const scraped = page.getByText(
      /^Scraped 7 items: (7 created, 0 updated, 0 deleted, 7 changes|0 created, 0 updated, 0 deleted, 0 changes)$/,
    );
    const busy = page.getByText('The scraper is already running; try again when the current run has finished');
    for (let attempt = 1; ; attempt++) {
      await page.getByRole('button', { name: 'Run Now' }).click();
      await expect(scraped.or(busy).first()).toBeVisible({ timeout: 30_000 });
      if (await scraped.isVisible()) break;
      expect(attempt, 'Run Now still refused as busy').toBeLessThan(10);
      await busy.first().waitFor({ state: 'hidden', timeout: 15_000 });
    }
    await page.getByRole('tab', { name: 'Job History' }).click();
    await expect(page.getByRole('table', { name: 'Job history' }).getByText('SUCCESS').first()).toBeVisible();

    // Summary → type: the class group holds the type's row with its count; a click opens the flat list.
    await page.goto('/catalog');
    const summary = page.getByRole('table', { name: 'Catalog summary' });
    const nodeGroup = summary.getByRole('row', { name: new RegExp(`${prefix}::Node`) }).first();
    await expect(nodeGroup).toBeVisible();
    if ((await nodeGroup.getAttribute('aria-expanded')) === 'false') await nodeGroup.click();
    await nodeGroup.locator('xpath=following-sibling::tr[1]').click();
    await expect(page).toHaveURL(new RegExp(`configType=${prefix}__Node`));
    const list = page.getByRole('table', { name: 'Catalog' });
    await expect(list.getByRole('row')).toHaveCount(6);
    // Type → item: the config detail with its body sorted by key and a selectable line kept in the URL.
    await list.getByRole('row', { name: /node-3/ }).click();
    await expect(page).toHaveURL(/\/catalog\/[0-9a-f-]{36}$/);
    const nodeUrl = page.url();
    const body = page.getByRole('region', { name: 'Config' });
    await expect(body.getByText('"status": "NotReady"')).toBeVisible();
    await body.getByRole('button', { name: 'Line 3' }).click();
    await expect(page).toHaveURL(/selected=3/);

    // Change the source and scrape again: node-3's Changes tab shows the diff.
    source.setNodeStatus('Ready');
    await page.goto(scraperUrl);
    await page.getByRole('button', { name: 'Run Now' }).click();
    await expect(page.getByText(/Scraped 7 items: 0 created, 1 updated, 0 deleted, 1 changes/)).toBeVisible({ timeout: 30_000 });
    await page.goto(`${nodeUrl}/changes`);
    const changes = page.getByRole('table', { name: 'Changes' });
    await changes.getByRole('cell', { name: 'status', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /diff/ });
    const diff = dialog.getByRole('table', { name: 'Diff' });
    await expect(diff.locator('tr[data-kind="del"]', { hasText: '"status": "NotReady"' })).toBeVisible();
    await expect(diff.locator('tr[data-kind="add"]', { hasText: '"status": "Ready"' })).toBeVisible();
    await expect(page).toHaveURL(/changeId=/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page).not.toHaveURL(/changeId=/);

    // The cluster's relationships: Soft links made by the scraper, as a graph with a collapsed group of 5.
    await page.goto(`/catalog?configType=${prefix}__Cluster`);
    await page
      .getByRole('table', { name: 'Catalog' })
      .getByRole('row', { name: /prod-cluster/ })
      .click();
    await page
      .getByRole('navigation', { name: 'Config tabs' })
      .getByRole('link', { name: /Relationships/ })
      .click();
    // Soft links are on by default, as the tab's badge counts them.
    await expect(page.getByRole('switch', { name: 'Soft' })).toBeChecked();
    await expect(page.getByRole('table', { name: 'Relationships' }).getByRole('row', { name: /node-/ })).toHaveCount(5);
    // A graph this small is laid out on the page: ELK's worker (1.5 MB of code) is never fetched.
    const workers: string[] = [];
    page.on('request', (request) => request.url().includes('layout.worker') && workers.push(request.url()));
    await page.getByRole('button', { name: 'Graph' }).click();
    const graph = page.getByRole('figure', { name: 'Relationship graph' });
    await expect(graph).toHaveAttribute('data-laid-out', 'true', { timeout: 30_000 });
    await expect(graph.getByTestId('graph-config-node')).toHaveCount(1);
    await graph.getByRole('button', { name: 'Expand 5 Node' }).click();
    await expect(graph.getByTestId('graph-config-node')).toHaveCount(6);
    await expect(graph.getByRole('button', { name: 'Collapse 5 Node' })).toBeVisible();
    await page.getByRole('button', { name: 'Top to bottom' }).click();
    await expect(page).toHaveURL(/view=graph/);
    await expect(page).toHaveURL(/group=/);
    await expect(page).toHaveURL(/layout=TB/);

    // A reload keeps every choice: the graph, the soft links, the layout and the expanded group.
    await page.reload();
    await expect(graph).toHaveAttribute('data-laid-out', 'true', { timeout: 30_000 });
    await expect(graph.getByTestId('graph-config-node')).toHaveCount(6);
    await expect(page.getByRole('switch', { name: 'Soft' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Top to bottom' })).toHaveAttribute('aria-pressed', 'true');
    expect(workers).toEqual([]);
  } finally {
    source.remove();
  }
});
