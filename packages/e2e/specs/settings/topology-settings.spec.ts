import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../../src/fixtures.js';

// Issue 15 (4, 5): a topology created from YAML on /settings/topologies (validated against the Topology schema,
// Save disabled while invalid) runs and shows in the list with its Job History; a log backend is saved only
// once its spec passes the backend schema.

/** Replace the whole text of the CodeMirror editor named `name` with `text`. */
async function setEditorText(page: Page, name: string, text: string): Promise<void> {
  await page.getByRole('textbox', { name }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test('a topology is created from YAML, validated while typed, listed, and its run is in Job History', async ({
  signedInPage: page,
  db,
}) => {
  const name = `e2e-topology-${randomBytes(3).toString('hex')}`;
  try {
    await page.goto('/settings/topologies');
    await page.getByRole('link', { name: 'Add Topology' }).click();
    await expect(page).toHaveURL(/\/settings\/topologies\/new$/);
    await expect(page.getByLabel('Namespace')).toHaveValue('default');
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await expect(save).toBeEnabled();

    // A property whose value is not a number is named with its line, and Save is disabled.
    await setEditorText(
      page,
      'Topology spec',
      'schedule: "@every 24h"\ncomponents:\n  - name: web\n    properties:\n      - name: rps\n        value: high\n',
    );
    await expect(page.getByRole('list', { name: 'Problems' })).toContainText('components[0].properties[0].value: must be a number');
    await expect(save).toBeDisabled();

    await setEditorText(
      page,
      'Topology spec',
      'schedule: "@every 24h"\ntype: Website\ncomponents:\n  - name: web\n    type: Service\n    properties:\n      - name: rps\n        value: 12\n',
    );
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText(`${name} created successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/topologies\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();

    // Applied topologies run at once: the run is in its Job History.
    await page.getByRole('tab', { name: 'Job History' }).click();
    await expect(page.getByRole('table', { name: 'Job history' }).getByText('SUCCESS').first()).toBeVisible({ timeout: 30_000 });

    await page.goto('/settings/topologies');
    const table = page.getByRole('table', { name: 'Topology' });
    await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Namespace' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Schedule' })).toHaveCount(0);
  } finally {
    await db.pool.query('DELETE FROM topologies WHERE name = $1', [name]);
  }
});

test('a log backend with an invalid spec cannot be saved; a valid one is', async ({ signedInPage: page, db }) => {
  const name = `e2e-backend-${randomBytes(3).toString('hex')}`;
  try {
    await page.goto('/settings/logging_backends/new');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    const save = page.getByRole('button', { name: 'Save' });
    await setEditorText(page, 'Log backend spec', 'loki: {}\n');
    await expect(page.getByRole('list', { name: 'Problems' })).toContainText('loki.url: url or connection is required');
    await expect(save).toBeDisabled();
    await setEditorText(page, 'Log backend spec', 'file:\n  path: /var/log/e2e/*.log\n');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText(`${name} created successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/logging_backends\/[0-9a-f-]{36}$/);
    const stored = await db.pool.query<{ spec: unknown }>('SELECT spec FROM logging_backends WHERE name = $1 AND deleted_at IS NULL', [
      name,
    ]);
    expect(stored.rows[0]?.spec).toEqual({ file: { path: '/var/log/e2e/*.log' } });

    await page.goto('/settings/logging_backends');
    await expect(page.getByRole('table', { name: 'Log Backends' }).getByRole('row', { name: new RegExp(name) })).toBeVisible();
  } finally {
    await db.pool.query('DELETE FROM logging_backends WHERE name = $1', [name]);
  }
});
