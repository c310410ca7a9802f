import { expect, type Locator, type Page } from '@playwright/test';

/** The shell's sidebar (an <aside> named Sidebar). */
export function sidebar(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Sidebar' });
}

/** Open the user menu in the top bar and return the open menu. */
export async function openUserMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'User menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}
