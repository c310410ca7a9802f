import { MESSAGES } from '@ops/shared';
import { expect, test } from '../../src/fixtures.js';
import { signInThroughPage } from '../../src/login-page.js';
import { sidebar } from './shell.js';

test('a viewer sees no Settings in the sidebar and is Unauthorized on /settings/feature-flags', async ({ page, createUser }) => {
  const viewer = await createUser(['viewer'], 'watcher');
  await signInThroughPage(page, viewer.email, viewer.password);

  await expect(sidebar(page)).toBeVisible();
  await expect(sidebar(page).getByText('Settings')).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Feature Flags' })).toHaveCount(0);

  await page.goto('/settings/feature-flags');
  await expect(page.getByText(MESSAGES.unauthorizedTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(MESSAGES.unauthorized)).toBeVisible();
});
