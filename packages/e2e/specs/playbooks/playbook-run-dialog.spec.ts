import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from '../../src/fixtures.js';

// Issue 16: a playbook whose selectors match a check (echo-like, with parameters whose defaults come from the
// check) is offered in the check's Playbooks menu; the run dialog shows the rendered defaults, refuses a value
// that breaks its rule (message under the field, Run disabled), runs with the fixed value and lands on the run
// page; the run carries the parameters and shows on the check's Playbook Runs tab.
test("a playbook runs from a check's Playbooks menu with its parameters", async ({ signedInPage: page, api }) => {
  test.setTimeout(120_000);
  const name = `e2e-pbrun-${randomBytes(3).toString('hex')}`;
  const check = `${name}-probe`;
  const title = `Echo ${name}`;
  const canary = await api.post('/api/resources/apply', {
    headers: { 'content-type': 'application/yaml' },
    data: `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
spec:
  schedule: "@every 1h"
  exec:
    - name: ${check}
      script: "true"
`,
  });
  expect(canary.status(), await canary.text()).toBe(200);
  const playbook = await api.post('/api/resources/apply', {
    headers: { 'content-type': 'application/yaml' },
    data: `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: ${name}-echo
spec:
  title: ${title}
  category: E2E
  configs:
    - types:
        - E2E::NoSuchType
  checks:
    - name: ${check}
  parameters:
    - name: message
      label: Message
      default: "{{.check.name}} needs attention"
      properties:
        minLength: 5
    - name: replicas
      label: Replicas
      default: "2"
      properties:
        min: 1
        max: 5
  actions:
    - name: echo
      exec:
        script: echo "{{.params.message}} x{{.params.replicas}}"
`,
  });
  expect(playbook.status(), await playbook.text()).toBe(200);

  // The check's detail: the Playbooks menu in its footer lists the playbook.
  await page.goto(`/health?query=${name}&hidePassing=false`);
  const row = page.getByRole('table', { name: 'Health checks' }).getByRole('row').filter({ hasText: check });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh checks' }).click();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await row.click();
  const detail = page.getByRole('dialog', { name: check });
  await detail.getByRole('button', { name: 'Playbooks' }).click();
  await page.getByRole('menuitem', { name: title }).click();

  // The run dialog: the check as the resource, the defaults rendered for it.
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('region', { name: 'Resource' })).toContainText(check);
  const message = dialog.getByLabel('Message');
  await expect(message).toHaveValue(`${check} needs attention`);
  await expect(dialog.getByLabel('Replicas')).toHaveValue('2');
  const run = dialog.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled();

  // A value that breaks its rule: the message under the field and Run disabled, until it is fixed.
  await dialog.getByLabel('Replicas').fill('9');
  await expect(dialog.getByText('Replicas must be at most 5')).toBeVisible();
  await expect(run).toBeDisabled();
  await message.fill('hi');
  await expect(dialog.getByText('Message must be at least 5 characters')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('run-dialog-invalid.png') });
  await message.fill('all good here');
  await dialog.getByLabel('Replicas').fill('3');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(run).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('run-dialog-valid.png') });
  await run.click();

  // The run page, and the run as the API reports it.
  await expect(page).toHaveURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
  const runId = page.url().split('/').pop()!;
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(async () => {
    const res = await api.get(`/api/playbook/run/${runId}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { status: string; parameters: Record<string, unknown>; check_id: string | null };
    expect(body.parameters).toMatchObject({ message: 'all good here', replicas: '3' });
    expect(body.check_id).not.toBeNull();
    expect(body.status).toBe('completed');
  }).toPass({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('run-page.png') });

  // The check's Playbook Runs tab lists the run and opens it.
  await page.goto(`/health?query=${name}&hidePassing=false`);
  await row.click();
  await detail.getByRole('tab', { name: 'Playbook Runs' }).click();
  const runs = detail.getByRole('table', { name: 'Playbook runs' });
  await expect(runs.getByRole('row').filter({ hasText: title })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('check-runs-tab.png') });
  await runs.getByRole('row').filter({ hasText: title }).click();
  await expect(page).toHaveURL(new RegExp(`/playbooks/runs/${runId}$`));
});

// The same dialog without a resource (the Run button of /playbooks) asks for one among what the playbook's
// selectors match; a config item's page offers the Playbooks menu, and its Playbooks tab lists the runs.
test('a playbook runs on a config item picked in the dialog, and from the config page', async ({ signedInPage: page, api, db }) => {
  test.setTimeout(120_000);
  const suffix = randomBytes(3).toString('hex');
  const type = `E2E::PbTarget${suffix}`;
  const item = randomUUID();
  const itemName = `pb-node-${suffix}`;
  const title = `Note ${suffix}`;
  await db.pool.query(`INSERT INTO config_items (id, type, config_class, name, external_id) VALUES ($1, $2, 'Node', $3, ARRAY[$3])`, [
    item,
    type,
    itemName,
  ]);
  const applied = await api.post('/api/resources/apply', {
    headers: { 'content-type': 'application/yaml' },
    data: `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: e2e-note-${suffix}
spec:
  title: ${title}
  category: E2E ${suffix}
  configs:
    - types:
        - ${type}
  parameters:
    - name: note
      label: Note
      default: "{{.config.name}}"
  actions:
    - name: note
      exec:
        script: echo "{{.params.note}}"
`,
  });
  expect(applied.status(), await applied.text()).toBe(200);

  await page.goto('/playbooks');
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Run' }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByText('Please select a resource to see the parameters.')).toBeVisible();
  const run = dialog.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeDisabled();
  await dialog.getByRole('searchbox', { name: 'Search resources' }).fill(itemName);
  await dialog.getByRole('combobox', { name: 'Resource' }).click();
  await page.getByRole('option', { name: `Config: ${itemName} (${type})` }).click();
  await expect(dialog.getByLabel('Note')).toHaveValue(itemName);
  await page.screenshot({ path: test.info().outputPath('run-dialog-picked.png') });
  await run.click();
  await expect(page).toHaveURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);

  // The config page: its Playbooks menu runs the playbook on the item; the Playbooks tab lists both runs.
  await page.goto(`/catalog/${item}`);
  await page.getByRole('button', { name: 'Playbooks' }).click();
  await page.getByRole('menuitem', { name: title }).click();
  const onItem = page.getByRole('dialog', { name: title });
  await expect(onItem.getByRole('region', { name: 'Resource' })).toContainText(itemName);
  await expect(onItem.getByLabel('Note')).toHaveValue(itemName);
  await onItem.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page).toHaveURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
  const runId = page.url().split('/').pop()!;
  await page.goto(`/catalog/${item}/playbooks`);
  const runs = page.getByRole('table', { name: 'Playbook runs' });
  await expect(runs.getByRole('link', { name: `e2e-note-${suffix}` })).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('config-playbooks-tab.png') });
  await runs.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
  expect(runId).toMatch(/^[0-9a-f-]{36}$/);
});

// A zoomed-in component's sidebar offers the Playbooks menu of the component.
test("a playbook runs on a component from the topology sidebar's Playbooks menu", async ({ signedInPage: page, api, db }) => {
  test.setTimeout(120_000);
  const suffix = randomBytes(3).toString('hex');
  const topology = randomUUID();
  const component = { id: randomUUID(), name: `pb-svc-${suffix}`, type: `E2EPbSvc${suffix}` };
  const title = `Restart ${suffix}`;
  // A topology runs once when created and soft-deletes what it did not produce: seed the component after that run.
  await db.pool.query(`INSERT INTO topologies (id, name, spec) VALUES ($1, $2, '{"schedule": "@every 24h"}')`, [
    topology,
    `e2e-pb-${suffix}`,
  ]);
  await expect
    .poll(
      async () =>
        (
          await db.pool.query(`SELECT 1 FROM spec_schedules WHERE kind = 'topology' AND resource_id = $1 AND last_run_at IS NOT NULL`, [
            topology,
          ])
        ).rowCount,
      { timeout: 30_000 },
    )
    .toBe(1);
  await db.pool.query(
    `INSERT INTO components (id, topology_id, parent_id, path, depth, name, type, own_health, own_status, properties, labels)
     VALUES ($1, $2, NULL, '', 0, $3, $4, 'healthy', 'healthy', '[]', '{}')`,
    [component.id, topology, component.name, component.type],
  );
  const applied = await api.post('/api/resources/apply', {
    headers: { 'content-type': 'application/yaml' },
    data: `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: e2e-restart-${suffix}
spec:
  title: ${title}
  components:
    - types:
        - ${component.type}
  actions:
    - name: restart
      exec:
        script: echo "restarting {{.component.name}}"
`,
  });
  expect(applied.status(), await applied.text()).toBe(200);

  await page.goto(`/topology/${component.id}`);
  const sidebar = page.getByRole('complementary', { name: 'Component details' });
  const runsPanel = sidebar.getByRole('region', { name: 'Playbooks' });
  await expect(runsPanel).toContainText('No playbook runs');
  // The menu (not the runs panel's heading, also named Playbooks).
  await sidebar.locator('button[aria-haspopup="menu"]', { hasText: 'Playbooks' }).click();
  await page.getByRole('menuitem', { name: title }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('region', { name: 'Resource' })).toContainText(component.name);
  await expect(dialog.getByText('No parameters for this playbook.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('component-run-dialog.png') });
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page).toHaveURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
  const runId = page.url().split('/').pop()!;
  const res = await api.get(`/api/playbook/run/${runId}`);
  expect(((await res.json()) as { component_id: string | null }).component_id).toBe(component.id);

  // Back on the component, its Playbooks panel lists the run, which links to its run page.
  await page.goto(`/topology/${component.id}`);
  const run = runsPanel.getByRole('link', { name: new RegExp(title) });
  await expect(run).toHaveAttribute('href', `/playbooks/runs/${runId}`);
  await expect(run).toContainText('Completed', { timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('component-playbook-runs-panel.png') });
  await run.click();
  await expect(page).toHaveURL(new RegExp(`/playbooks/runs/${runId}$`));

  // 55 older runs: 10 shown, 'show more' shows the first page of 50, and scrolling to its end loads the rest.
  await db.pool.query(
    `INSERT INTO playbook_runs (playbook_id, status, spec, parameters, trigger, component_id, created_at, start_time, end_time)
     SELECT playbook_id, 'failed', spec, parameters, trigger, component_id, created_at - make_interval(mins => g),
            start_time - make_interval(mins => g), end_time - make_interval(mins => g)
     FROM playbook_runs, generate_series(1, 55) g WHERE id = $1`,
    [runId],
  );
  await page.goto(`/topology/${component.id}`);
  await expect(runsPanel.getByRole('button', { name: 'Playbooks' })).toContainText('56');
  await expect(runsPanel.getByRole('link')).toHaveCount(10);
  await runsPanel.getByRole('button', { name: 'show more (40)' }).click();
  await expect(runsPanel.getByRole('link')).toHaveCount(50);
  await runsPanel.getByRole('link').last().scrollIntoViewIfNeeded();
  await expect(runsPanel.getByRole('link')).toHaveCount(56);
  await expect(runsPanel.getByRole('link').last()).toContainText('Failed');
});
