import { MESSAGES } from '@ops/shared';
import { expect, test } from '../../src/fixtures.js';
import { OIDC_LABEL, OIDC_USER } from '../../src/oidc-peer.js';
import { openUserMenu, sidebar } from '../shell/shell.js';

// The login page's social sign-in button goes to the loopback OIDC provider and back; the new person has
// no roles, so they are a viewer: no Settings in the sidebar, Unauthorized on a settings URL.
test('a person signs in through the OIDC provider and, as a viewer, sees no Settings', async ({ page }) => {
  await page.goto('/login?return_to=%2Fhealth');
  await page.getByRole('button', { name: `Sign in with ${OIDC_LABEL}` }).click();
  await expect(page).toHaveURL(/\/health/, { timeout: 20_000 });
  const menu = await openUserMenu(page);
  await expect(menu.getByText(OIDC_USER.email)).toBeVisible();
  await page.keyboard.press('Escape');

  await expect(sidebar(page)).toBeVisible();
  await expect(sidebar(page).getByText('Settings')).toHaveCount(0);
  await page.goto('/settings/users');
  await expect(page.getByText(MESSAGES.unauthorizedTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(MESSAGES.unauthorized)).toBeVisible();
});
