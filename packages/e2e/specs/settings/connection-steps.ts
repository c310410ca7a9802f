// Steps the connection specs share: test data, cleanup through the API, and the form as a user fills it.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ConnectionList } from '@ops/shared';
import { expect } from '../../src/fixtures.js';

export const unique = (prefix: string): string => `${prefix}-${randomBytes(4).toString('hex')}`;

/** The e2e database split into a URL without credentials and its user and password, as the form takes them. */
export function databaseParts(pgUrl: string): { url: string; username: string; password: string } {
  const u = new URL(pgUrl);
  return {
    url: `postgres://${u.hostname}:${u.port}${u.pathname}`,
    username: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  };
}

/** Removes what a test left behind, through the API (a failed run must not leave connections for the next). */
export async function deleteByName(api: APIRequestContext, name: string): Promise<void> {
  const res = await api.get(`/api/connections?q=${encodeURIComponent(name)}&page_size=500`);
  if (!res.ok()) return;
  for (const c of ((await res.json()) as ConnectionList).connections) if (c.name === name) await api.delete(`/api/connections/${c.id}`);
}

/** Opens the Edit Connection dialog from the connection's row in the list. */
export async function openEdit(page: Page, name: string) {
  await page.getByRole('table', { name: 'Connections' }).getByRole('row').filter({ hasText: name }).getByRole('cell').first().click();
  const dialog = page.getByRole('dialog', { name: 'Edit Connection' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Adds a PostgreSQL connection through the Add Connection dialog on /settings/connections. */
export async function addPostgresConnection(
  page: Page,
  name: string,
  db: { url: string; username: string; password: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Add Connection' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add Connection' });
  await add.getByLabel('Filter connection types').fill('postgres');
  await add.getByRole('button', { name: 'PostgreSQL' }).click();
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await add.getByLabel('URL').fill(db.url);
  await add.getByLabel('Username').fill(db.username);
  await add.getByLabel(/^Password\*?$/).fill(db.password);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Connection added successfully')).toBeVisible();
  await expect(add).toBeHidden();
}
