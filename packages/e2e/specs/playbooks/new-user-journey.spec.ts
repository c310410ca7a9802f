import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../src/fixtures.js';
import { submitSignIn } from '../../src/login-page.js';
import { applyPlaybookYaml, seedConfigItem } from '../../src/playbook-seed.js';

// Issue 16, done when: a new user applies the user's echo.yaml (unchanged, from the conformance folder), runs it
// from /playbooks on a catalogue item picked in the run dialog, and watches its log on the run page; and a run
// that needs an approval waits until a listed approver approves it from /playbooks/approvals, then completes and
// downloads its log as playbookname-starttime.log.

const ECHO_YAML = path.resolve(import.meta.dirname, '../../../../../shared/conformance/mission-control/playbook/testdata/echo.yaml');

test('a new user applies echo.yaml, runs it from /playbooks on a Kubernetes node and watches its log', async ({
  signedInPage: page,
  api,
  db,
}) => {
  test.setTimeout(120_000);
  const node = `e2e-journey-node-${randomBytes(3).toString('hex')}`;
  await seedConfigItem(db, { name: node, type: 'Kubernetes::Node', configClass: 'Node' });
  await applyPlaybookYaml(api, readFileSync(ECHO_YAML, 'utf8'), 'echo-simple');

  await page.goto('/playbooks');
  // echo.yaml has no title or category: the card is titled by its name, under Other.
  const card = page.getByRole('region', { name: 'Other' }).getByRole('article', { name: 'echo-simple' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Run' }).click();

  const dialog = page.getByRole('dialog', { name: 'echo-simple' });
  await expect(dialog.getByText('Please select a resource to see the parameters.')).toBeVisible();
  const run = dialog.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeDisabled();
  await dialog.getByRole('searchbox', { name: 'Search resources' }).fill(node);
  await dialog.getByRole('combobox', { name: 'Resource' }).click();
  await page.getByRole('option', { name: `Config: ${node} (Kubernetes::Node)` }).click();
  await expect(dialog.getByText('No parameters for this playbook.')).toBeVisible();
  await expect(run).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('echo-run-dialog.png') });
  await run.click();

  await expect(page).toHaveURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/);
  const runId = new URL(page.url()).pathname.split('/').pop()!;
  const details = page.getByLabel('Run details');
  await expect(details).toContainText('echo-simple');
  await expect(details).toContainText(node);
  await expect(page.getByRole('log', { name: 'Log of echo' })).toContainText('simple', { timeout: 30_000 });
  await expect(details).toContainText('Completed', { timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('echo-run-page.png'), fullPage: true });

  // The API agrees: the run is on the node, completed, and its one action printed "simple".
  const res = await api.get(`/api/playbook/run/${runId}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { status: string; config_id: string | null; playbook: { name: string } };
  expect(body).toMatchObject({ status: 'completed', playbook: { name: 'echo-simple' } });
  expect(body.config_id).not.toBeNull();
});

test('a run waits for its approver, who approves it from /playbooks/approvals; it completes and its log downloads', async ({
  signedInPage: page,
  browser,
  api,
  run: env,
  createUser,
}) => {
  test.setTimeout(150_000);
  const token = randomBytes(3).toString('hex');
  const name = `e2e-approval-${token}`;
  const title = `Approved echo ${token}`;
  const approver = await createUser(['viewer'], `approver${token}`);
  const playbookId = await applyPlaybookYaml(
    api,
    `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: ${name}
spec:
  title: ${title}
  category: E2E approvals
  approval:
    type: any
    approvers:
      people:
        - ${approver.email}
  actions:
    - name: echo
      exec:
        script: echo "approved ${token}"
`,
    name,
  );

  // The admin runs it: it waits for approval, and the admin (not an approver) has nothing to approve.
  const started = await api.post('/api/playbook/run', { data: { id: playbookId } });
  expect(started.status(), await started.text()).toBe(200);
  const { run_id: runId } = (await started.json()) as { run_id: string };
  await page.goto(`/playbooks/runs/${runId}`);
  await expect(page.getByLabel('Run details')).toContainText(title);
  await expect(page.getByLabel('Run details')).toContainText('Pending Approval');
  await page.screenshot({ path: test.info().outputPath('run-pending-approval.png'), fullPage: true });
  await page.goto('/playbooks/approvals');
  // Loaded (the empty state, or other runs' list) before looking for this run in it.
  await expect(page.getByText('Nothing to approve').or(page.getByRole('list', { name: 'Runs waiting for approval' }))).toBeVisible();
  await expect(page.getByRole('listitem', { name: `${title} run` })).toHaveCount(0);
  const refused = await api.post(`/api/playbook/run/${runId}/approve`);
  expect(refused.status(), await refused.text()).toBe(403);

  // The approver signs in in a browser of their own and approves it.
  const context = await browser.newContext({ baseURL: env.baseUrl });
  try {
    const own = await context.newPage();
    await own.goto('/');
    await submitSignIn(own, approver.email, approver.password);
    await own.goto('/playbooks/approvals');
    const waiting = own.getByRole('list', { name: 'Runs waiting for approval' }).getByRole('listitem', { name: `${title} run` });
    await expect(waiting).toBeVisible();
    await expect(waiting).toContainText('No approvals yet');
    await expect(waiting.getByRole('link', { name: title })).toHaveAttribute('href', `/playbooks/runs/${runId}`);
    await own.screenshot({ path: test.info().outputPath('approvals-page.png'), fullPage: true });
    await waiting.getByRole('button', { name: 'Approve' }).click();
    await expect(own.getByText('Run approved')).toBeVisible();
    await expect(waiting).toHaveCount(0);

    // The run now runs to completion; the approver watches it on its run page and downloads its log.
    await own.goto(`/playbooks/runs/${runId}`);
    const details = own.getByLabel('Run details');
    await expect(own.getByRole('log', { name: 'Log of echo' })).toContainText(`approved ${token}`, { timeout: 30_000 });
    await expect(details).toContainText('Completed', { timeout: 30_000 });
    await own.screenshot({ path: test.info().outputPath('approved-run-page.png'), fullPage: true });
    const res = await api.get(`/api/playbook/run/${runId}`);
    const body = (await res.json()) as { status: string; start_time: string; approvals: { person: { email?: string; name: string } }[] };
    expect(body.status).toBe('completed');
    expect(body.approvals.map((a) => a.person.name)).toEqual([approver.name]);

    await own.getByRole('button', { name: 'Download' }).click();
    const [download] = await Promise.all([own.waitForEvent('download'), own.getByRole('menuitem', { name: 'Log (.log)' }).click()]);
    const startedAt = new Date(body.start_time).toISOString().replace(/[^A-Za-z0-9._-]+/g, '-');
    expect(download.suggestedFilename()).toBe(`${name}-${startedAt}.log`);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text).toContain('## echo: completed');
    expect(text).toContain(`approved ${token}`);
  } finally {
    await context.close();
  }
});
