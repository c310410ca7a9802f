// In organisation mode (OPS_AUTH_PROVIDER=hosted) a viewer cannot create an organisation,
// and an admin's token never reaches a backend address the admin did not accept. The shared e2e server is
// self-hosted, so this spec starts its own built server in hosted mode, plus a loopback "malicious backend"
// that records every request it gets.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '../../src/fixtures.js';
import { openE2eDb, type Db } from '../../src/e2e-db.js';
import { signInThroughPage } from '../../src/login-page.js';
import { startBuiltServer, type ServerProcess } from '../../src/server-process.js';
import { createUser, type E2eUser } from '../../src/users.js';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
}

/** A loopback server that answers everything (with permissive CORS, so a browser would go on) and records it. */
async function startTrapBackend(): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    res.writeHead(200, {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-headers': 'authorization, content-type, accept',
      'access-control-allow-methods': 'GET, POST, PATCH, DELETE',
      'content-type': 'application/json',
    });
    res.end('{"user":{"id":"x","name":"x","email":null},"roles":["admin"],"permissions":{}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test.describe.configure({ mode: 'serial' });

let hosted: ServerProcess;
let db: Db;
let trap: Awaited<ReturnType<typeof startTrapBackend>>;
let admin: E2eUser;
let viewer: E2eUser;

test.beforeAll(async ({ run }) => {
  test.setTimeout(180_000);
  trap = await startTrapBackend();
  hosted = await startBuiltServer({
    dataDir: path.join(run.runDir, `hosted-${process.pid}-${Date.now().toString(36)}`),
    adminEmail: 'first-admin@hosted.local',
    adminPassword: 'hosted-first-admin-pw',
    // The trap's origin is deliberately NOT in the allow-list (default: only the console itself).
    env: { OPS_AUTH_PROVIDER: 'hosted', OPS_JOBS: 'false' },
  });
  db = openE2eDb(hosted.pgUrl);
  admin = await createUser(db, ['admin'], 'orgadmin');
  viewer = await createUser(db, ['viewer'], 'orgviewer');
});

test.afterAll(async () => {
  await db?.close();
  await hosted?.stop();
  await trap?.close();
});

test('a viewer cannot create an organisation, in the picker or through the API', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: hosted.url });
  const page = await context.newPage();
  await signInThroughPage(page, viewer.email, viewer.password);
  await expect(page.getByRole('heading', { name: 'Select an organization' })).toBeVisible();
  await expect(page.getByText('Only admins can create organizations.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Create organization' })).toHaveCount(0);
  // The server enforces it: the same session asking directly (as the old attack did) is refused.
  const denied = await page.request.post('/api/auth/organizations', {
    data: { name: 'Trap', backend_url: trap.url },
    headers: { origin: hosted.url },
  });
  expect(denied.status()).toBe(403);
  expect(Number((await db.pool.query(`select count(*) from organizations`)).rows[0].count)).toBe(0);
  await context.close();
});

test("an admin's token never reaches a backend the admin did not accept", async ({ browser }) => {
  // What the old attack left behind: a viewer's organisation pointing at the trap, with the admin added
  // without consent (a membership row as the old code wrote it, now pending).
  const { rows } = await db.pool.query<{ id: string }>(
    `insert into organizations (name, slug, backend_url, created_by) values ('Trap Org', 'trap-org', $1, $2) returning id`,
    [trap.url, viewer.id],
  );
  const trapId = rows[0]!.id;
  await db.pool.query(`insert into organization_members (organization_id, person_id, role) values ($1, $2, 'owner'), ($1, $3, 'member')`, [
    trapId,
    viewer.id,
    admin.id,
  ]);

  const context = await browser.newContext({ baseURL: hosted.url });
  const page = await context.newPage();
  await signInThroughPage(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Select an organization' })).toBeVisible();
  const invitations = page.getByRole('region', { name: 'Pending invitations' });
  await expect(invitations.getByText('Trap Org')).toBeVisible();
  await expect(invitations.getByText(`backend ${trap.url}`)).toBeVisible();
  // Pending: not among the organisations one can pick.
  await expect(page.getByRole('list', { name: 'Your organizations' }).getByRole('button', { name: 'Trap Org' })).toHaveCount(0);

  // Even with the session pointed at it, the gate shows the picker and asks for no token.
  await db.pool.query(`update sessions set organization_id = $1 where person_id = $2`, [trapId, admin.id]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Select an organization' })).toBeVisible();

  // Accepting the membership does not make the unlisted backend usable: selecting it is refused.
  await invitations.getByRole('button', { name: 'Accept Trap Org' }).click();
  const pick = page.getByRole('list', { name: 'Your organizations' }).getByRole('button', { name: 'Trap Org' });
  await expect(pick).toBeVisible();
  await pick.click();
  await expect(page.getByText(/backend_url of Trap Org .* is not in OPS_ORG_BACKEND_URLS/)).toBeVisible();
  expect(page.url()).not.toContain('orgs-switched');

  // A legitimate organisation on the console itself works, and its token is reused across reloads.
  await page.getByLabel('New organization name').fill('Own Ops');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible({ timeout: 30_000 });
  const count = async () =>
    Number(
      (await db.pool.query(`select count(*) from access_tokens where person_id = $1 and organization_id is not null`, [admin.id])).rows[0]
        .count,
    );
  expect(await count()).toBe(1);
  await page.reload();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible({ timeout: 30_000 });
  expect(await count()).toBe(1);

  // The organisation token is listed, marked, with the person's tokens.
  await page.goto('/profile-settings');
  const tokens = page.getByRole('region', { name: 'Personal Access Tokens' });
  await expect(tokens.getByText('Organization token · Own Ops')).toBeVisible();

  expect(trap.seen.filter((r) => r.authorization)).toEqual([]);
  expect(trap.seen).toEqual([]);
  await context.close();
});
