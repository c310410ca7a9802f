import { expect, test } from '../../src/fixtures.js';

// A mistyped id in a link shows the page's not-found state, never the database's type error.
test('a malformed check id or config id shows not found', async ({ signedInPage: page }) => {
  await page.goto('/health?checkId=not-a-uuid');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Check not found')).toBeVisible();
  await expect(page.getByText(/invalid input syntax/)).toHaveCount(0);

  await page.goto('/catalog/not-a-uuid');
  await expect(page.getByText('Details not found')).toBeVisible();
  await expect(page.getByText('There is no config item with the id not-a-uuid.')).toBeVisible();
  await expect(page.getByText(/invalid input syntax/)).toHaveCount(0);
});
