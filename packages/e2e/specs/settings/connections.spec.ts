import { MESSAGES, SECRET_MASK, type ConnectionList } from '@ops/shared';
import { expect, test } from '../../src/fixtures.js';
import { signInThroughPage } from '../../src/login-page.js';
import { databaseParts, deleteByName, openEdit, unique } from './connection-steps.js';

test('the admin adds a PostgreSQL connection, tests it wrong then right, edits it keeping the secret, and deletes it', async ({
  signedInPage: page,
  api,
  run,
}) => {
  const name = unique('e2e-pg');
  const db = databaseParts(run.pgUrl);
  try {
    await page.goto('/settings/connections');
    await expect(page.getByRole('heading', { name: 'Connections' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Connection' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add Connection' });
    await add.getByLabel('Filter connection types').fill('postgres');
    await add.getByRole('button', { name: 'PostgreSQL' }).click();

    // Required fields refuse an empty form with the spec's text.
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText(MESSAGES.required).first()).toBeVisible();
    await expect(add.getByLabel('Namespace')).toHaveValue('default');

    await add.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await add.getByLabel('URL').fill(db.url);
    await add.getByLabel('Username').fill(db.username);
    await add.getByLabel(/^Password\*?$/).fill('not-the-password');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Connection added successfully')).toBeVisible();
    await expect(add).toBeHidden();

    const row = page.getByRole('table', { name: 'Connections' }).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('PostgreSQL');
    await expect(row).toContainText('default');
    await expect(row).toContainText('UI');

    // The wrong password: Test shows the database's own cause.
    let edit = await openEdit(page, name);
    await expect(edit.getByLabel(/^Password\*?$/)).toHaveValue(SECRET_MASK);
    await edit.getByRole('button', { name: 'Test' }).click();
    await expect(page.getByText(/password authentication failed/i)).toBeVisible();

    await edit.getByLabel(/^Password\*?$/).fill(db.password);
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Connection updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();

    edit = await openEdit(page, name);
    await edit.getByRole('button', { name: 'Test' }).click();
    await expect(page.getByText('Connection successful')).toBeVisible();

    // An edit that leaves the masked password alone keeps the stored one: the test still passes after it.
    await edit.getByLabel('URL').fill(`${db.url}?application_name=ops-e2e`);
    await expect(edit.getByLabel(/^Password\*?$/)).toHaveValue(SECRET_MASK);
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Connection updated successfully').last()).toBeVisible();
    const listed = await api.get(`/api/connections?q=${encodeURIComponent(name)}`);
    expect(listed.status()).toBe(200);
    const body = await listed.text();
    expect(body).not.toContain(db.password);
    const stored = (JSON.parse(body) as ConnectionList).connections.find((c) => c.name === name);
    expect(stored).toMatchObject({ url: `${db.url}?application_name=ops-e2e`, password: SECRET_MASK });

    edit = await openEdit(page, name);
    await edit.getByRole('button', { name: 'Test' }).click();
    await expect(page.getByText('Connection successful').last()).toBeVisible();

    await edit.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Connection' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Connection deleted successfully')).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    await deleteByName(api, name);
  }
});

test('a notification connection composes its channel URL as it is typed', async ({ signedInPage: page }) => {
  await page.goto('/settings/connections');
  await page.getByRole('button', { name: 'Add Connection' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add Connection' });
  await add.getByLabel('Filter connection types').fill('slack');
  await add.getByRole('button', { name: 'Slack' }).click();
  await add.getByLabel(/^Bot token or webhook token\*?$/).fill('xoxb-e2e');
  await add.getByLabel('Channel').fill('alerts');
  await expect(add.getByRole('textbox', { name: 'URL', exact: true })).toHaveValue('slack://********@alerts');
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();
});

test('on a phone the list, the type picker and a form fit the screen', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings/connections');
  await expect(page.getByRole('heading', { name: 'Connections' })).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBe(0);

  await page.getByRole('button', { name: 'Add Connection' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add Connection' });
  await expect(add.getByRole('button', { name: 'PostgreSQL' })).toBeInViewport();
  await add.getByRole('button', { name: 'SFTP' }).click();
  await expect(add.getByLabel('Port')).toHaveValue('22');
  const box = await add.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expect(add.getByRole('button', { name: 'Save' })).toBeInViewport();
  expect(await overflow()).toBe(0);
});

test('an editor sees no Connections and is Unauthorized on the page', async ({ page, createUser }) => {
  const editor = await createUser(['editor'], 'conneditor');
  await signInThroughPage(page, editor.email, editor.password, '/settings/teams');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('link', { name: 'Teams' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Connections' })).toHaveCount(0);

  await page.goto('/settings/connections');
  await expect(page.getByText(MESSAGES.unauthorized)).toBeVisible();
});
