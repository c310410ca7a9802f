import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from '../../src/fixtures.js';

// Issue 17 (26): a canary whose check declares `relationships.configs` links the config it selects; the
// config's Checks tab lists the check (its badge counts it) and opens its detail dialog.
test("a check that selects a config shows on the config's Checks tab", async ({ signedInPage: page, api, db }) => {
  const suffix = randomBytes(3).toString('hex');
  const item = randomUUID();
  const itemName = `orders-svc-${suffix}`;
  await db.pool.query(
    `INSERT INTO config_items (id, type, config_class, name, labels, external_id) VALUES ($1, 'E2E::Service', 'Service', $2, '{"tier":"front"}', ARRAY[$2])`,
    [item, itemName],
  );
  const applied = await api.post('/api/resources/apply', {
    headers: { 'content-type': 'application/yaml' },
    data: `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: e2e-linked-${suffix}
spec:
  schedule: "@every 1h"
  exec:
    - name: orders-up-${suffix}
      script: "true"
      labels:
        service: ${itemName}
      relationships:
        configs:
          - name:
              label: service
            type:
              value: E2E::Service
`,
  });
  expect(applied.status(), await applied.text()).toBe(200);

  await page.goto(`/catalog/${item}`);
  const tabs = page.getByRole('navigation', { name: 'Config tabs' });
  await expect(tabs.getByRole('link', { name: /^Checks\s*1$/ })).toBeVisible();
  await tabs.getByRole('link', { name: /^Checks/ }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/${item}/checks`));
  const checks = page.getByRole('list', { name: 'Checks' });
  await expect(checks.getByRole('button', { name: new RegExp(`orders-up-${suffix}`) })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('config-checks-tab.png') });
  await checks.getByRole('button', { name: new RegExp(`orders-up-${suffix}`) }).click();
  const dialog = page.getByRole('dialog', { name: `orders-up-${suffix}` });
  await expect(dialog.getByText('exec')).toBeVisible();
});
