import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../../src/fixtures.js';
import { signInThroughPage } from '../../src/login-page.js';

// Issue 17 (24): a writer acknowledges a finding from its details panel and sees who did it and when; a
// viewer gets no actions; a topology link's ?component= lists only the findings of the items linked to it.
test('an admin acknowledges an insight, a viewer sees no actions, and ?component= filters', async ({
  page,
  signedInPage,
  db,
  createUser,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const [item, other, component] = [randomUUID(), randomUUID(), randomUUID()];
  const analyzer = `e2e-privileged-${suffix}`;
  await db.pool.query(
    `INSERT INTO config_items (id, type, config_class, name, external_id) VALUES ($1, 'E2E::Pod', 'Pod', $3, ARRAY[$3]),
       ($2, 'E2E::Pod', 'Pod', $4, ARRAY[$4])`,
    [item, other, `pod-${suffix}`, `other-${suffix}`],
  );
  await db.pool.query(`INSERT INTO components (id, name) VALUES ($1, 'linked')`, [component]);
  await db.pool.query(`INSERT INTO config_component_relationships (component_id, config_id, selector_id) VALUES ($1, $2, 'manual')`, [
    component,
    item,
  ]);
  await db.pool.query(
    `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status, message) VALUES
       ($1, $3, 'security', 'high', 'open', 'Runs as root'), ($2, $4, 'cost', 'low', 'open', 'Too big')`,
    [item, other, analyzer, `e2e-oversized-${suffix}`],
  );

  const openInsight = async (p: Page) => {
    await p.goto(`/catalog/${item}/insights`);
    await p.getByRole('table', { name: 'Insights' }).getByRole('row').filter({ hasText: analyzer }).click();
    const panel = p.getByRole('complementary', { name: 'Insight details' });
    await expect(panel.getByTestId('insight-message')).toHaveText('Runs as root');
    return panel;
  };

  const panel = await openInsight(signedInPage);
  await expect(panel.getByTestId('insight-status')).toHaveText(/^open$/i);
  await panel.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(signedInPage.getByText('Insight acknowledged')).toBeVisible();
  await expect(panel.getByTestId('insight-status')).toContainText(/silenced · .+ · (just now|\d+s ago)/);
  await expect(panel.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect(signedInPage.getByRole('table', { name: 'Insights' }).getByRole('row').filter({ hasText: analyzer })).toContainText(
    'silenced',
  );
  await signedInPage.screenshot({ path: test.info().outputPath('insight-acknowledged.png') });

  // The topology's link to the insights of a component.
  await signedInPage.goto(`/catalog/insights?component=${component}`);
  const list = signedInPage.getByRole('table', { name: 'Insights' });
  await expect(list.getByRole('row').filter({ hasText: analyzer })).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: `e2e-oversized-${suffix}` })).toHaveCount(0);
  await expect(signedInPage.getByLabel('Component')).toBeVisible();

  const viewer = await createUser(['viewer'], 'insight');
  await signInThroughPage(page, viewer.email, viewer.password);
  const seen = await openInsight(page);
  await expect(seen.getByTestId('insight-status')).toContainText('silenced');
  await expect(seen.getByRole('group', { name: 'Insight actions' })).toHaveCount(0);
  await expect(seen.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
});
