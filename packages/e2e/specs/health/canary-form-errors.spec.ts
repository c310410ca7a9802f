import { MESSAGES } from '@ops/shared';
import { expect, test } from '../../src/fixtures.js';

// The canary editor validates on blur and change, but a field shows its error only once it was left or
// changed, or after Save: a new form and a newly added check show none.
test('the canary form shows no error before a field is reached, then on blur and on Save', async ({ signedInPage: page }) => {
  await page.goto('/settings/canaries/new');
  await expect(page.getByRole('heading', { name: 'New Health Check' })).toBeVisible();
  const required = page.getByText(MESSAGES.required);
  await expect(required).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Check' }).click();
  await page.getByRole('dialog', { name: 'Add Check' }).getByRole('button', { name: 'HTTP', exact: true }).click();
  const check = page.getByRole('region', { name: 'HTTP check 1' });
  await expect(check.getByLabel('URL')).toBeVisible();
  await expect(required).toHaveCount(0);
  // The new check's name has the focus: the user names it first.
  await check.getByLabel('Name').fill('probe');

  // Leaving an empty required field shows its error there only.
  const name = page.getByRole('textbox', { name: 'Name', exact: true }).first();
  await name.fill('x');
  await name.fill('');
  await name.blur();
  await expect(required).toHaveCount(1);
  await check.getByLabel('URL').focus();
  await check.getByLabel('URL').blur();
  await expect(check.getByText(MESSAGES.required)).toHaveCount(1);

  // Save marks every field.
  await check.getByLabel('URL').fill('https://example.com');
  await expect(required).toHaveCount(1);
  await check.getByLabel('Name').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(required).toHaveCount(2);
  await expect(check.getByText(MESSAGES.required)).toBeVisible();
});
