import { randomBytes } from 'node:crypto';
import { expect, test } from '../../src/fixtures.js';
import { signInThroughPage } from '../../src/login-page.js';

// Actions a role may not take are not offered. A viewer opening a check sees neither Edit
// (the canary editor would answer Unauthorized) nor Run Now; an admin sees both.
test('a viewer sees no Edit or Run Now in the check detail; an admin does', async ({ page, signedInPage, api, createUser }) => {
  const name = `e2e-viewer-${randomBytes(3).toString('hex')}`;
  const applied = await api.post('/api/resources/apply', {
    headers: { 'content-type': 'application/yaml' },
    data: `apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: ${name}\nspec:\n  schedule: "@every 1h"\n  exec:\n    - name: ${name}-probe\n      script: "true"\n`,
  });
  expect(applied.status()).toBe(200);

  const openCheck = async (p: typeof page) => {
    await p.goto(`/health?query=${name}&hidePassing=false`);
    await p
      .getByRole('table', { name: 'Health checks' })
      .getByRole('row')
      .filter({ hasText: `${name}-probe` })
      .click();
    const dialog = p.getByRole('dialog', { name: `${name}-probe` });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  const viewer = await createUser(['viewer'], 'looker');
  await signInThroughPage(page, viewer.email, viewer.password);
  const seen = await openCheck(page);
  await expect(seen.getByRole('tab', { name: 'Spec' })).toBeVisible();
  await expect(seen.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(seen.getByRole('button', { name: 'Run Now' })).toHaveCount(0);

  const managed = await openCheck(signedInPage);
  await expect(managed.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(managed.getByRole('button', { name: 'Run Now' })).toBeVisible();
});
