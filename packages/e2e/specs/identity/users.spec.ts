import { expect, test } from '../../src/fixtures.js';

test('the admin changes a user to editor, deactivates them and deletes them with the spec toasts', async ({
  signedInPage: page,
  createUser,
}) => {
  const user = await createUser(['viewer'], 'Edna');
  await page.goto('/settings/users');
  const table = page.getByRole('table', { name: 'Users' });
  const row = table.getByRole('row').filter({ hasText: user.email });
  await expect(row).toContainText('viewer');
  await expect(row).toContainText('active');

  await row.getByRole('button', { name: `Actions for ${user.name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit User' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByRole('checkbox', { name: 'viewer' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Please select any role')).toBeVisible();
  await edit.getByRole('checkbox', { name: 'editor' }).click();
  await edit.getByRole('switch', { name: 'Active' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${user.name} updated successfully`)).toBeVisible();
  await expect(row).toContainText('editor');
  await expect(row).toContainText('inactive');

  await row.getByRole('button', { name: `Actions for ${user.name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('user deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
});
