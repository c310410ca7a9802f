import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from '../../src/fixtures.js';
import type { Db } from '../../src/e2e-db.js';

// Issue 15 (3): the topology dashboard over components seeded by SQL (health rolled up by the database
// from a failing check): filters, sort and card width kept across a reload, zoom in, breadcrumbs, the
// sidebar panels, a snapshot download, a link to a catalogue item seen on the item's page, and its removal.

interface Seeded {
  type: string;
  shop: { id: string; name: string };
  blog: { id: string; name: string };
  db: { id: string; name: string };
  config: { id: string; name: string };
  check: string;
  team: string;
}

/** A topology with two roots (one with a child), a failing check on the child, a team and a catalogue item. */
async function seedTopology(db: Db, suffix: string, checkId: string, canaryId: string): Promise<Seeded> {
  const topology = randomUUID();
  const type = `E2EShop${suffix}`;
  const shop = { id: randomUUID(), name: `shop-${suffix}` };
  const blog = { id: randomUUID(), name: `blog-${suffix}` };
  const child = { id: randomUUID(), name: `orders-db-${suffix}` };
  const config = { id: randomUUID(), name: `orders-rds-${suffix}` };
  const team = `Payments ${suffix}`;
  // A topology runs once when created and soft-deletes what it did not produce: the components are
  // seeded after that first run (the next is a day away).
  await db.pool.query(`INSERT INTO topologies (id, name, spec) VALUES ($1, $2, '{"schedule": "@every 24h"}')`, [topology, `e2e-${suffix}`]);
  await expect
    .poll(
      async () =>
        (
          await db.pool.query(`SELECT 1 FROM spec_schedules WHERE kind = 'topology' AND resource_id = $1 AND last_run_at IS NOT NULL`, [
            topology,
          ])
        ).rowCount,
      { timeout: 30_000 },
    )
    .toBe(1);
  const props = JSON.stringify([
    { name: 'site', type: 'url', text: 'https://example.com/shop' },
    { name: 'cost', type: 'currency', value: 2500, headline: true },
    { name: 'cpu', value: 900, max: 1000, unit: 'millicores' },
    { name: 'secret', type: 'hidden', text: 'do-not-show' },
  ]);
  await db.pool.query(
    `INSERT INTO components (id, topology_id, parent_id, path, depth, name, type, own_health, own_status, properties, external_id, labels)
     VALUES ($1, $4, NULL, '', 0, $5, $8, 'healthy', 'healthy', $9::jsonb, NULL, '{"tier":"front"}'),
            ($2, $4, NULL, '', 0, $6, $8, 'healthy', 'healthy', '[]', NULL, '{"tier":"edge"}'),
            ($3, $4, $1, $1::text, 1, $7, 'Database', NULL, NULL, '[]', $7, '{}')`,
    [shop.id, blog.id, child.id, topology, shop.name, blog.name, child.name, type, props],
  );
  await db.pool.query(
    `INSERT INTO config_items (id, type, config_class, name, external_id) VALUES ($1, 'E2E::RDS', 'Database', $2, ARRAY[$2])`,
    [config.id, config.name],
  );
  await db.pool.query(
    `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status, message) VALUES ($1, $2, 'security', 'high', 'open', 'Public snapshot')`,
    [config.id, `e2e-analyzer-${suffix}`],
  );
  const [{ id: teamId }] = (await db.pool.query<{ id: string }>(`INSERT INTO teams (name) VALUES ($1) RETURNING id`, [team])).rows as [
    { id: string },
  ];
  await db.pool.query(`INSERT INTO team_components (team_id, component_id) VALUES ($1, $2)`, [teamId, child.id]);
  // The link makes the database roll the check's health up to the child and its parent.
  await db.pool.query(
    `INSERT INTO check_component_relationships (component_id, check_id, canary_id, selector_id) VALUES ($1, $2, $3, 'e2e')`,
    [child.id, checkId, canaryId],
  );
  await db.pool.query('SELECT components_rollup(ARRAY[$1]::uuid[])', [topology]);
  return { type, shop, blog, db: child, config, check: checkId, team };
}

test('the topology dashboard: filters, sort and width across reloads, zoom, sidebar, snapshot, catalogue link', async ({
  signedInPage: page,
  api,
  db,
}) => {
  test.setTimeout(180_000);
  const suffix = randomBytes(3).toString('hex');
  const checkName = `orders-db-up-${suffix}`;
  const applied = await api.post('/api/resources/apply', {
    headers: { 'content-type': 'application/yaml' },
    data: `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: e2e-topology-${suffix}
spec:
  schedule: "@every 1h"
  exec:
    - name: ${checkName}
      script: "exit 1"
`,
  });
  expect(applied.status(), await applied.text()).toBe(200);
  // The check exists once applied; its first run marks it unhealthy.
  await expect
    .poll(
      async () =>
        (
          await db.pool.query<{ id: string; canary_id: string; status: string }>(
            `SELECT id, canary_id, status FROM checks WHERE name = $1`,
            [checkName],
          )
        ).rows[0]?.status,
      { timeout: 60_000 },
    )
    .toBe('unhealthy');
  const check = (await db.pool.query<{ id: string; canary_id: string }>(`SELECT id, canary_id FROM checks WHERE name = $1`, [checkName]))
    .rows[0]!;
  const s = await seedTopology(db, suffix, check.id, check.canary_id);

  // Cards of the two roots, the unhealthy one first (status ascending by default), at extra-large width.
  await page.goto(`/topology?type=${s.type}`);
  const cards = page.getByTestId('topology-card');
  const shop = page.getByRole('article', { name: s.shop.name });
  await expect(shop).toHaveAttribute('data-health', 'unhealthy');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toHaveAttribute('aria-label', s.shop.name);
  await expect(shop).toHaveCSS('width', '554px');
  await expect(shop.getByText('$2.5k')).toBeVisible();
  await expect(shop.getByRole('link', { name: 'https://example.com/shop' })).toBeVisible();
  await expect(shop.locator('[data-property="cpu"] dd')).toHaveClass(/text-destructive/);
  await expect(shop.getByText('do-not-show')).toHaveCount(0);
  await expect(shop.getByRole('link', { name: '1 unhealthy checks' })).toHaveAttribute('href', '/health');
  await expect(shop.getByRole('link', { name: s.db.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('topology-dashboard.png'), fullPage: true });

  // Health filter: in the URL, so a reload keeps it.
  await page.getByRole('combobox', { name: 'Health' }).click();
  await page.getByRole('option', { name: 'Healthy', exact: true }).click();
  await expect(page).toHaveURL(/status=healthy/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('aria-label', s.blog.name);
  await page.reload();
  await expect(cards).toHaveCount(1);
  await page.goto(`/topology?type=${s.type}&status=warning`);
  await expect(page.getByText('There are no components matching this criteria')).toBeVisible();

  // Labels filter (exclude), then sort descending and a narrower card width, both kept after a reload.
  await page.goto(`/topology?type=${s.type}`);
  await expect(cards).toHaveCount(2);
  await page.getByRole('button', { name: /^Labels:/ }).click();
  await page.getByRole('button', { name: 'Exclude tier: edge' }).click();
  await page.keyboard.press('Escape');
  await expect(cards).toHaveCount(1);
  await page.goto(`/topology?type=${s.type}`);
  await page.getByRole('button', { name: 'Ascending' }).click();
  await expect(cards.first()).toHaveAttribute('aria-label', s.blog.name);
  await page.getByLabel('Card width').fill('300');
  await expect(shop).toHaveCSS('width', '300px');
  await page.goto(`/topology?type=${s.type}`);
  await expect(cards.first()).toHaveAttribute('aria-label', s.blog.name);
  await expect(shop).toHaveCSS('width', '300px');
  await page.screenshot({ path: test.info().outputPath('topology-compact.png') });
  await page.getByRole('button', { name: 'Descending' }).click();
  await page.getByLabel('Card width').fill('554');

  // Zoom in on the shop: its child is the card, breadcrumbs lead back.
  await shop.getByRole('button', { name: `Actions for ${s.shop.name}` }).click();
  await page.getByRole('menuitem', { name: 'Zoom In' }).click();
  await expect(page).toHaveURL(new RegExp(`/topology/${s.shop.id}`));
  const child = page.getByRole('article', { name: s.db.name });
  await expect(child).toHaveAttribute('data-health', 'unhealthy');
  await child.click();
  await expect(page).toHaveURL(new RegExp(`/topology/${s.db.id}`));
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/topology');
  await expect(crumbs.getByRole('link', { name: s.shop.name })).toBeVisible();

  // The sidebar: details, the failing check, the owning team; no incidents or playbooks panels.
  const sidebar = page.getByRole('complementary', { name: 'Component details' });
  for (const panel of ['Details', 'Catalog', 'Changes', 'Checks', 'Teams', 'Insights']) {
    await expect(sidebar.getByRole('region', { name: panel })).toBeVisible();
  }
  await expect(sidebar.getByRole('region', { name: 'Incidents' })).toHaveCount(0);
  await expect(sidebar.getByRole('region', { name: 'Checks' }).getByRole('link', { name: new RegExp(checkName) })).toBeVisible();
  await expect(sidebar.getByRole('region', { name: 'Teams' }).getByRole('link', { name: s.team })).toBeVisible();
  await expect(sidebar.getByRole('region', { name: 'Catalog' })).toContainText('No linked catalog items');

  // Two-column mode widens the sidebar and survives a reload; back to one column for the rest.
  await sidebar.getByRole('button', { name: 'Two columns' }).click();
  await expect(sidebar.getByRole('button', { name: 'Two columns' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(sidebar.getByRole('button', { name: 'Two columns' })).toHaveAttribute('aria-pressed', 'true');
  await expect(sidebar.getByRole('region', { name: 'Checks' }).getByRole('list')).toHaveClass(/grid-cols-2/);
  await sidebar.getByRole('button', { name: 'Two columns' }).click();
  await expect(sidebar.getByRole('button', { name: 'Two columns' })).toHaveAttribute('aria-pressed', 'false');

  // Snapshot of the component: the browser downloads the archive.
  const card = page.getByRole('article', { name: s.db.name });
  await card.getByRole('button', { name: `Actions for ${s.db.name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'View Logs' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Snapshot' }).click();
  const snapshot = page.getByRole('dialog', { name: 'Download snapshot' });
  await expect(snapshot.getByRole('checkbox', { name: 'Include related' })).not.toBeChecked();
  const downloading = page.waitForEvent('download');
  await snapshot.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const bytes = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  });
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  await expect(snapshot).toHaveCount(0);

  // Link to Catalog: search, choose, link; the item shows in the Catalog panel with its insight.
  await card.getByRole('button', { name: `Actions for ${s.db.name}` }).click();
  await page.getByRole('menuitem', { name: 'Link to Catalog' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Link to Catalog' });
  await expect(linkDialog.getByRole('button', { name: 'Link' })).toBeDisabled();
  await linkDialog.getByRole('searchbox', { name: 'Search catalog' }).fill(s.config.name);
  await linkDialog.getByRole('option', { name: new RegExp(s.config.name) }).click();
  await linkDialog.getByRole('button', { name: 'Link' }).click();
  await expect(page.getByText('config link successful')).toBeVisible();
  const catalog = sidebar.getByRole('region', { name: 'Catalog' });
  await expect(catalog.getByRole('link', { name: s.config.name })).toBeVisible();
  await expect(sidebar.getByRole('region', { name: 'Insights' }).getByText('Public snapshot')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('topology-sidebar.png'), fullPage: true });

  // The item's page lists the component it is linked to.
  await page.goto(`/catalog/${s.config.id}`);
  const components = page.getByRole('region', { name: 'Components' });
  await expect(components.getByRole('link', { name: s.db.name })).toHaveAttribute('href', `/topology/${s.db.id}`);
  await page.screenshot({ path: test.info().outputPath('catalog-item-components.png') });

  // Remove the manual link again.
  await components.getByRole('link', { name: s.db.name }).click();
  await expect(page).toHaveURL(new RegExp(`/topology/${s.db.id}`));
  await catalog.getByRole('button', { name: `Remove link to ${s.config.name}` }).click();
  await expect(page.getByText('Deleted config link successfully')).toBeVisible();
  await expect(catalog).toContainText('No linked catalog items');

  // The single-card view renders without the shell.
  await page.goto(`/view/topology/${s.db.id}?size=small`);
  await expect(page.getByRole('article', { name: s.db.name })).toHaveCSS('width', '198px');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('topology-view.png') });
});

test("'/' lands on the dashboard and an unknown component says so", async ({ signedInPage: page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/topology$/);
  await page.goto(`/topology/${randomUUID()}`);
  await expect(page.getByText('Component not found')).toBeVisible();
});
