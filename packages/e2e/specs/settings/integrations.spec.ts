import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES } from '@ops/shared';
import { expect, test } from '../../src/fixtures.js';
import { signInThroughPage } from '../../src/login-page.js';

/** Replace the whole text of the CodeMirror editor named `name` with `text`. */
async function setEditorText(page: Page, name: string, text: string): Promise<void> {
  await page.getByRole('textbox', { name }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** A file scraper applied through the API and run once; resolves when its run is recorded as SUCCESS. */
async function scraperWithRun(api: APIRequestContext, name: string, file: string): Promise<string> {
  const yaml = `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  schedule: '@every 24h'
  file:
    - type: E2E::Integration
      id: $.id
      name: $.name
      items: $.items[*]
      paths: ['${file}']
`;
  const applied = await api.post('/api/resources/apply', { headers: { 'content-type': 'application/yaml' }, data: yaml });
  expect(applied.status(), await applied.text()).toBe(200);
  const id = ((await applied.json()) as { results: { id: string }[] }).results[0]!.id;
  // A new scraper also runs by itself at once; Run Now then answers 409 while that run holds it.
  const run = await api.post(`/api/config/scrapers/${id}/run`);
  expect([200, 409]).toContain(run.status());
  await expect
    .poll(async () => {
      const r = await api.get(`/api/db/integrations_with_status?id=eq.${id}&select=job_status`);
      return ((await r.json()) as { job_status: string | null }[])[0]?.job_status;
    })
    .toBe('SUCCESS');
  return id;
}

test('the admin finds a scraper with its run, opens its Spec and Job History, and generates a Flux manifest without calling the server', async ({
  signedInPage: page,
  api,
  run,
}) => {
  const name = `e2e-integration-${randomBytes(3).toString('hex')}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'ops-e2e-integrations-'));
  const file = path.join(dir, 'items.json');
  writeFileSync(file, JSON.stringify({ items: [{ id: 'i-1', name: 'one' }] }));
  let id = '';
  try {
    id = await scraperWithRun(api, name, file);

    await page.goto('/settings/integrations');
    await expect(page.getByRole('heading', { name: 'Integrations' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Integrations' }).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('SUCCESS');
    await expect(row).toContainText('default');
    await expect(row).toContainText('Admin');
    await row.getByRole('button', { name: '(View details)' }).click();
    const details = page.getByRole('dialog', { name: 'Details for job scraper' });
    await expect(details.getByRole('tab', { name: 'Scrape Summary' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // Row click: the scraper's own page under Settings › Integrations, with Spec and Job History.
    await row.getByRole('cell').first().click();
    await expect(page).toHaveURL(new RegExp(`/settings/integrations/scrapers/${id}$`));
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Spec' })).toBeVisible();
    // A file scraper opens on its Form; the Code tab has the YAML.
    await page.getByRole('tab', { name: 'Code' }).click();
    await expect(page.getByRole('textbox', { name: 'Scraper spec' })).toContainText(`name: ${name}`);
    await page.getByRole('tab', { name: 'Job History' }).click();
    await expect(page.getByRole('table', { name: 'Job history' }).getByText('SUCCESS').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Integrations' }).first()).toBeVisible();
    // Saving the spec goes back to the list.
    await page.getByRole('tab', { name: 'Spec' }).click();
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText(`${name} updated successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/integrations$/);

    // Add Integration: the areas offered directly link to their editors; Kubernetes generates a manifest in the browser.
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(`${r.method()} ${r.url()}`);
    });
    await page.getByRole('button', { name: 'Add integration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Integration' });
    const direct = dialog.getByRole('region', { name: 'Add Directly' });
    await expect(direct.getByRole('link', { name: /Catalog Scraper/ })).toHaveAttribute('href', '/catalog/scrapers/new');
    await expect(direct.getByRole('link', { name: /Custom Topology/ })).toHaveAttribute('href', '/settings/topologies/new');
    await expect(direct.getByRole('link', { name: /Log Backends/ })).toHaveAttribute('href', '/settings/logging_backends/new');
    const gitops = dialog.getByRole('region', { name: 'Add via GitOps' });
    for (const option of ['AWS', 'Azure', 'Prometheus', 'Flux', 'Kubernetes', 'Mission Control'])
      await expect(gitops.getByRole('button', { name: new RegExp(`^${option}`) })).toBeVisible();
    await gitops.getByRole('button', { name: /^Kubernetes/ }).click();
    await expect(dialog.getByText('You will need to have Kubernetes chart installed in flux to use this option.')).toBeVisible();
    await expect(dialog.getByLabel('Namespace')).toHaveValue('mission-control');
    await expect(dialog.getByLabel('Interval')).toHaveValue('30m');

    await setEditorText(page, 'Values', 'clusterName: e2e-cluster\nscraper:\n  schedule: "@every 10m"\n');
    const manifest = dialog.getByRole('textbox', { name: 'Flux manifest' });
    await expect(manifest).toContainText('clusterName: e2e-cluster');
    await expect(manifest).toContainText('kind: HelmRelease');
    await expect(manifest).toContainText('chart: mission-control-kubernetes');
    await expect(manifest).toContainText('interval: 30m');
    await expect(manifest).toContainText('namespace: mission-control');

    // A value of the wrong type is flagged against the chart's schema.
    await setEditorText(page, 'Values', 'clusterName: 42\n');
    await expect(dialog.getByText(/clusterName: expected string/).first()).toBeVisible();
    await setEditorText(page, 'Values', 'clusterName: e2e-cluster\n');

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.baseUrl });
    await dialog.getByRole('button', { name: 'Copy Flux manifest' }).click();
    await expect(page.getByText('Flux manifest copied to clipboard')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('clusterName: e2e-cluster');
    expect(copied).toContain('kind: HelmRepository');

    await dialog.getByRole('tab', { name: 'Helm CLI' }).click();
    const command = dialog.getByLabel('Helm command');
    await expect(command).toContainText('helm repo add flanksource https://flanksource.github.io/charts');
    await expect(command).toContainText('helm install mission-control-kubernetes flanksource/mission-control-kubernetes');
    await expect(command).toContainText('--namespace mission-control');

    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    await page.waitForTimeout(500);
    expect(apiCalls).toEqual([]);
    // The listener does see the page's own calls: a reload lists integrations again.
    await page.reload();
    await expect(row).toBeVisible();
    expect(apiCalls.some((c) => c.includes('/api/db/integrations_with_status'))).toBe(true);
  } finally {
    if (id) await api.delete(`/api/db/config_scrapers?id=eq.${id}`);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a responder sees the list without Add integration; a viewer is Unauthorized', async ({ page, createUser }) => {
  const responder = await createUser(['responder'], 'intresponder');
  await signInThroughPage(page, responder.email, responder.password, '/settings/integrations');
  await expect(page.getByRole('table', { name: 'Integrations' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Integrations' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add integration' })).toHaveCount(0);

  await page.context().clearCookies();
  const viewer = await createUser(['viewer'], 'intviewer');
  await signInThroughPage(page, viewer.email, viewer.password, '/settings/integrations');
  await expect(page.getByText(MESSAGES.unauthorized)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add integration' })).toHaveCount(0);
});

test('an unknown integration type says so', async ({ signedInPage: page }) => {
  await page.goto('/settings/integrations/widgets/00000000-0000-0000-0000-000000000001');
  await expect(page.getByText('Unknown type')).toBeVisible();
});
