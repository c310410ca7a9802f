import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '../../src/fixtures.js';
import { submitSignIn } from '../../src/login-page.js';

// Issue 15, done when: an admin applies the user's single-check.yaml (unchanged, from the conformance folder)
// beside a canary whose check carries the label it selects, and a Topology whose component reads a file
// backend; a new user signs in, lands on /topology, sees the component with the check's health (healthy,
// then unhealthy when the peer starts failing, with no topology run between), and opens its logs.

const SINGLE_CHECK = path.resolve(
  import.meta.dirname,
  '../../../../../shared/conformance/canary-checker/fixtures/topology/single-check.yaml',
);

test('a new user lands on /topology, sees single-check.yaml with its check health and opens a component’s logs', async ({
  browser,
  api,
  db,
  createUser,
  run,
}) => {
  let status = 200;
  const peer = http.createServer((_req, res) => res.writeHead(status).end(String(status)));
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  const peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  const suffix = randomBytes(3).toString('hex');
  const dir = mkdtempSync(path.join(tmpdir(), 'ops-e2e-journey-'));
  const logFile = path.join(dir, 'checkout.log');
  writeFileSync(
    logFile,
    [`level=info msg="checkout ready ${suffix}"`, `level=error msg="payment declined ${suffix}" order=42`].join('\n') + '\n',
  );
  try {
    const canary = await api.post('/api/resources/apply', {
      data: {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: 'e2e-journey-http-200' },
        spec: { schedule: '@every 1h', http: [{ name: 'journey-http-200', url: `${peerUrl}/status/200`, labels: { check: 'http-200' } }] },
      },
    });
    expect(canary.status(), await canary.text()).toBe(200);
    const topology = await api.post('/api/resources/apply', {
      headers: { 'content-type': 'application/yaml' },
      data: readFileSync(SINGLE_CHECK, 'utf8'),
    });
    expect(topology.status(), await topology.text()).toBe(200);
    const backend = await api.post('/api/db/logging_backends', {
      data: { name: `journey-files-${suffix}`, spec: { file: { path: logFile } } },
    });
    expect(backend.status(), await backend.text()).toBe(201);
    const withLogs = await api.post('/api/resources/apply', {
      data: {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Topology',
        metadata: { name: `journey-shop-${suffix}` },
        spec: {
          type: 'Application',
          components: [
            {
              name: `checkout-${suffix}`,
              type: 'Service',
              externalID: `checkout-${suffix}`,
              logs: [{ name: 'app', backend: `journey-files-${suffix}` }],
            },
          ],
        },
      },
    });
    expect(withLogs.status(), await withLogs.text()).toBe(200);

    // Run the check now instead of waiting for its schedule.
    const check = await db.pool.query<{ id: string }>(
      `SELECT k.id FROM checks k JOIN canaries c ON c.id = k.canary_id WHERE c.name = 'e2e-journey-http-200' AND k.deleted_at IS NULL`,
    );
    const runCheck = async () => expect((await api.post(`/api/canary/run/check/${check.rows[0]!.id}`)).status()).toBe(200);
    await runCheck();
    // Applied topologies run by themselves at once; wait for both runs' components.
    await expect
      .poll(
        async () =>
          (
            await db.pool.query(
              `SELECT c.name, c.health FROM components c JOIN topologies t ON t.id = c.topology_id
               WHERE t.name IN ('single-check', $1) AND t.deleted_at IS NULL AND c.deleted_at IS NULL AND c.depth = 1 ORDER BY c.name`,
              [`journey-shop-${suffix}`],
            )
          ).rows,
        { timeout: 30_000 },
      )
      .toEqual([
        { name: `checkout-${suffix}`, health: 'unknown' },
        { name: 'single-check', health: 'healthy' },
      ]);

    const user = await createUser(['viewer'], `journey${suffix}`);
    const context = await browser.newContext({ baseURL: run.baseUrl });
    const page = await context.newPage();
    await page.goto('/');
    await submitSignIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/topology$/);
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    // The topology's card holds the component the selector linked, healthy from the check.
    const card = page.getByRole('article', { name: 'single-check' }).first();
    await expect(card).toHaveAttribute('data-health', 'healthy', { timeout: 30_000 });
    await card.getByRole('heading', { name: 'single-check' }).click();
    await expect(page).toHaveURL(/\/topology\/[0-9a-f-]{36}/);
    await expect(page.getByRole('article', { name: 'single-check' })).toHaveAttribute('data-health', 'healthy');

    // The peer fails; the next check run turns the card unhealthy without a topology run.
    status = 500;
    await runCheck();
    await page.goto('/topology');
    await expect(page.getByRole('article', { name: 'single-check' }).first()).toHaveAttribute('data-health', 'unhealthy', {
      timeout: 30_000,
    });

    // The component with a log selector: View Logs opens its lines from the file backend.
    await page.getByRole('heading', { name: `journey-shop-${suffix}` }).click();
    await page.getByRole('button', { name: `Actions for checkout-${suffix}` }).click();
    await page.getByRole('menuitem', { name: 'View Logs' }).click();
    await expect(page).toHaveURL(/\/logs\?topologyId=/);
    await expect(page.getByRole('heading', { name: `Logs - checkout-${suffix}` })).toBeVisible();
    const table = page.getByRole('table', { name: `Logs - checkout-${suffix}` });
    await expect(table).toContainText(`payment declined ${suffix}`);
    await expect(table).toContainText(`checkout ready ${suffix}`);
    await context.close();
  } finally {
    peer.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
