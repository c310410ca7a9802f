import { loadConfig } from '../config.js';
import { startServer, type RunningServer } from '../server.js';
import { createTestDatabase } from './test-db.js';

export const TEST_PASSWORD = 'test-password-1';

/** Users created by every test server, one per role, all with TEST_PASSWORD. */
export const TEST_USERS = {
  admin: 'admin@test.local',
  editor: 'editor@test.local',
  commander: 'commander@test.local',
  responder: 'responder@test.local',
  viewer: 'viewer@test.local',
  norole: 'norole@test.local',
} as const;
export type TestUser = keyof typeof TEST_USERS;

export interface TestServer extends RunningServer {
  /** fetch against the server as a test user (Basic auth), or anonymously with `as: null`. */
  request(path: string, init?: RequestInit & { as?: TestUser | null }): Promise<Response>;
  /** Same, parsing the JSON body. */
  json<T = unknown>(path: string, init?: RequestInit & { as?: TestUser | null }): Promise<{ status: number; headers: Headers; body: T }>;
  ids: Record<TestUser, string>;
}

/** The file roots vitest.config.ts sets (this repository, ../shared, the temp folder), when it set them. */
const fileRoots = (): Record<string, string> => (process.env.OPS_FILE_ROOTS ? { OPS_FILE_ROOTS: process.env.OPS_FILE_ROOTS } : {});

/**
 * A real server on a fresh database and a free port, with one user per role.
 * Pass env to override configuration (e.g. OPS_JOBS=false).
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const db = await createTestDatabase();
  const config = loadConfig(
    { DATABASE_URL: db.url, PORT: '0', OPS_ADMIN_EMAIL: TEST_USERS.admin, OPS_ADMIN_PASSWORD: TEST_PASSWORD, OPS_LOG_LEVEL: 'warn', OPS_DATA_DIR: '.test-data/server', ...fileRoots(), ...env },
    'test',
  );
  const server = await startServer(config, { serveWeb: false, print: () => undefined });
  const ids = {} as Record<TestUser, string>;
  for (const [role, email] of Object.entries(TEST_USERS) as [TestUser, string][]) {
    const existing = await server.ctx.identity.repo.personByEmail(email);
    ids[role] =
      existing?.id ??
      (await server.ctx.identity.createUser({ firstName: role, lastName: 'User', email, password: TEST_PASSWORD, roles: role === 'norole' ? [] : [role] }));
  }
  const request = (path: string, init: RequestInit & { as?: TestUser | null } = {}): Promise<Response> => {
    const { as = 'admin', ...rest } = init;
    const headers = new Headers(rest.headers);
    if (as) headers.set('authorization', `Basic ${Buffer.from(`${TEST_USERS[as]}:${TEST_PASSWORD}`).toString('base64')}`);
    return fetch(server.url + path, { ...rest, headers });
  };
  return {
    ...server,
    ids,
    request,
    json: async <T>(path: string, init?: RequestInit & { as?: TestUser | null }) => {
      const res = await request(path, init);
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as T };
    },
    stop: async () => {
      await server.stop();
      await db.drop();
    },
  };
}
