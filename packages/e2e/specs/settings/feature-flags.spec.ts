import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@ops/shared';
import { expect, test } from '../../src/fixtures.js';
import { signInThroughPage } from '../../src/login-page.js';
import { deleteProperties, seedProperty } from '../../src/seed.js';

const unique = (prefix: string): string => `${prefix}.${randomBytes(4).toString('hex')}`;

test('the admin adds, edits and deletes a feature flag with the spec toasts', async ({ signedInPage: page, db }) => {
  const name = unique('e2e.flag');
  try {
    await page.goto('/settings/feature-flags');
    const table = page.getByRole('table', { name: 'Feature flags' });
    await expect(table).toBeVisible();

    // Empty value: the form refuses with the spec's text and sends nothing.
    await page.getByRole('button', { name: 'Add Feature Flag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Feature Flag' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(MESSAGES.featureFlagIncomplete)).toBeVisible();

    await dialog.getByLabel('Value').fill('on');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Feature flag added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('on');
    await expect(row).toContainText('db');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Feature Flag' });
    await expect(edit.getByLabel('Name')).toBeDisabled();
    await edit.getByLabel('Value').fill('off');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Feature flag updated successfully')).toBeVisible();
    await expect(row).toContainText('off');

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Feature Flag' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Feature flag removed successfully')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    const left = await db.pool.query('SELECT 1 FROM properties WHERE name = $1', [name]);
    expect(left.rowCount).toBe(0);
  } finally {
    await deleteProperties(db, [name]);
  }
});

test("a local flag cannot be edited: 'Cannot edit local feature flags'", async ({ signedInPage: page, db }) => {
  const name = unique('e2e.local');
  await seedProperty(db, name, 'true', 'local');
  try {
    await page.goto('/settings/feature-flags');
    const row = page.getByRole('table', { name: 'Feature flags' }).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('local');
    await expect(row.getByRole('button', { name: `Edit ${name}` })).toHaveCount(0);
    await expect(row.getByLabel(MESSAGES.localFeatureFlag)).toBeVisible();

    await row.getByRole('cell').first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit Feature Flag' });
    await expect(dialog.getByText(MESSAGES.localFeatureFlag)).toBeVisible();
    await expect(dialog.getByLabel('Value')).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  } finally {
    await deleteProperties(db, [name]);
  }
});

test('a responder reads the flags but gets no Add, Edit or Delete', async ({ page, createUser, db }) => {
  // Responders read properties but may not write them: the list shows, the actions do not.
  const name = unique('e2e.read');
  await seedProperty(db, name, 'x');
  try {
    const responder = await createUser(['responder'], 'resp');
    await signInThroughPage(page, responder.email, responder.password, '/settings/feature-flags');
    const row = page.getByRole('table', { name: 'Feature flags' }).getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Feature Flag' })).toHaveCount(0);
  } finally {
    await deleteProperties(db, [name]);
  }
});
