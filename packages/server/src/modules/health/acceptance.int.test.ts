// Issue 4 "done when": a new user applies exec_pass.yaml with `ops apply -f` and sees the check pass.
import type { CheckSummaryResponse } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../../cli/src/main.js';
import { startTestServer, TEST_PASSWORD, TEST_USERS, type TestServer } from '../../test/test-server.js';
import { FIXTURES, waitFor } from './health-test-helpers.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

async function ops(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    readStdin: async () => '',
    env: { OPS_SERVER: s.url, OPS_USER: TEST_USERS.admin, OPS_PASSWORD: TEST_PASSWORD },
    cwd: FIXTURES,
  });
  return { code, out, err };
}

describe('acceptance: ops apply -f exec_pass.yaml', () => {
  it('creates the canary, the scheduler runs it, and the check passes on the summary', async () => {
    const applied = await ops(['apply', '-f', 'exec_pass.yaml']);
    expect(applied).toMatchObject({ code: 0, err: '' });
    expect(applied.out).toMatch(/Canary\s+default\s+exec-pass\s+created/);
    const row = await waitFor(
      async () => {
        const res = await s.json<CheckSummaryResponse>('/api/canary/api/summary');
        // The uptime counts a run once the per-minute summary refresh or the top-up after it sees the run: a
        // run that started before a refresh and was written after it waits for the next refresh (up to a minute).
        return res.body.checks_summary.find((c) => c.name === 'exec-pass-check' && c.status === 'healthy' && c.uptime.passed >= 1);
      },
      75_000,
      'exec-pass-check to pass',
    );
    expect(row.uptime.passed).toBeGreaterThanOrEqual(1);
    const listed = await ops(['get', 'canaries']);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/exec-pass/);
    const invalid = await ops(['apply', '-f', 'schedule_invalid.yaml']);
    expect(invalid.code).not.toBe(0);
    expect(invalid.err).toContain('spec.schedule');
  }, 90_000);
});
