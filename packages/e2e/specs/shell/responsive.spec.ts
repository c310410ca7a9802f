import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { seedRows } from '../../src/seed.js';
import { expect, test } from '../../src/fixtures.js';

/** The page scrolls sideways nowhere: nothing sticks out of the viewport unless a scrolling box of its own holds it. */
async function expectNoPageOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p.tagName !== 'MAIN'; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const sticking = [...document.querySelectorAll('main *, header *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && (el as HTMLElement).offsetParent !== null)
      .filter((el) => !clipped(el));
    return { page: document.documentElement.scrollWidth - width, sticking: sticking.slice(0, 3).map((el) => el.outerHTML.slice(0, 120)) };
  });
  expect(overflow).toEqual({ page: 0, sticking: [] });
}

// At phone width (390 px) the sidebar is a drawer, headers and tabs wrap and tables scroll inside their card;
// at 1024 px every config tab is visible and the sidebar collapses and expands.
test('the shell and list pages are usable at 390 px and at 1024 px', async ({ signedInPage: page, db }) => {
  const suffix = randomBytes(3).toString('hex');
  const [item] = await seedRows<{ id: string }>(db, 'config_items', [
    {
      name: `phone-item-${suffix}`,
      type: `Phone${suffix}::Deployment`,
      config_class: 'Deployment',
      config: { spec: { replicas: 1 } },
      tags: { cluster: 'phone', namespace: 'a-rather-long-namespace-name' },
    },
  ]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/health');
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);
  await expectNoPageOverflow(page);

  // The drawer: the menu button opens it, choosing a page navigates and closes it.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(drawer).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Catalog sections' }).getByRole('link', { name: 'Scrapers' })).toBeInViewport();
  await expectNoPageOverflow(page);

  // A list: the table is wider than the phone and scrolls inside its card; its name column keeps its text.
  await page.goto(`/catalog?configType=Phone${suffix}__Deployment`);
  const table = page.getByRole('table', { name: 'Catalog' });
  await expect(table.getByRole('row', { name: new RegExp(`phone-item-${suffix}`) })).toBeVisible();
  const fit = await table.evaluate((el) => ({ table: el.scrollWidth, card: el.parentElement!.clientWidth, view: window.innerWidth }));
  expect(fit.table).toBeGreaterThan(fit.card);
  expect(fit.card).toBeLessThanOrEqual(fit.view);
  await expectNoPageOverflow(page);

  // The detail page: breadcrumbs and every tab wrap into view.
  await page.goto(`/catalog/${item!.id}`);
  await expect(page.getByRole('heading', { name: `phone-item-${suffix}` })).toBeInViewport();
  for (const tab of ['Config', 'Changes', 'Insights', 'Relationships', 'Playbooks', 'Checks'])
    await expect(page.getByRole('navigation', { name: 'Config tabs' }).getByRole('link', { name: tab })).toBeInViewport();
  await expectNoPageOverflow(page);

  // The search button stands in for Ctrl K.
  await page.getByRole('button', { name: 'Go to…' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // 1024 px: the rail is back, collapses and expands; the config tabs all fit beside the details panel.
  await page.setViewportSize({ width: 1024, height: 768 });
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  for (const tab of ['Config', 'Changes', 'Insights', 'Relationships', 'Playbooks', 'Checks'])
    await expect(page.getByRole('navigation', { name: 'Config tabs' }).getByRole('link', { name: tab })).toBeInViewport({ ratio: 1 });
  await expectNoPageOverflow(page);
});
