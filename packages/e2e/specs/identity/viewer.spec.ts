import { MESSAGES } from '@ops/shared';
import { expect, test } from '../../src/fixtures.js';
import { signInThroughPage } from '../../src/login-page.js';
import { sidebar } from '../shell/shell.js';

test('a viewer sees no Settings and is Unauthorized on the users and teams pages', async ({ page, createUser }) => {
  const viewer = await createUser(['viewer'], 'onlooker');
  await signInThroughPage(page, viewer.email, viewer.password);
  await expect(sidebar(page)).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Teams' })).toHaveCount(0);
  for (const path of ['/settings/users', '/settings/teams']) {
    await page.goto(path);
    await expect(page.getByText(MESSAGES.unauthorizedTitle, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.unauthorized)).toBeVisible();
  }
  // The server refuses as well: the UI only mirrors it.
  expect((await page.request.get('/api/auth/identities')).status()).toBe(403);
});
