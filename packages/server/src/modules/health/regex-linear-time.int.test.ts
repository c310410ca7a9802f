// User-supplied patterns run on RE2 (linear time): a canary whose pattern RE2 cannot run is refused at
// apply with a 400 naming the field, and a catastrophic pattern in a test expression runs in time.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunNowResponse } from '@ops/shared';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { apply, checksOf } from './health-test-helpers.js';

let s: TestServer;
let peer: Server;
let url: string;

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  // A loopback peer answering the input that froze the server for 26.5 s on JavaScript's RegExp.
  peer = createServer((_req, res) => res.end('a'.repeat(29) + '!'));
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => peer?.close(resolve));
  await s?.stop();
});

const canary = (name: string, body: string) =>
  `apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: ${name}\nspec:\n  schedule: "@every 1h"\n${body}`;

describe('regular expressions in canaries', () => {
  it('refuses a folder filter.regex with a lookbehind, naming the field and the construct', async () => {
    const res = await apply(
      s,
      canary('re-folder', '  folder:\n    - name: logs\n      path: /tmp\n      filter:\n        regex: "(?<=x)y"\n'),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(
      'spec.folder[0].filter.regex: invalid regular expression "(?<=x)y": lookbehind (?<=…) is not supported',
    );
    const row = await s.ctx.db.kysely.selectFrom('canaries').select('id').where('name', '=', 're-folder').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('refuses an http check whose test expression matches a literal lookbehind, naming spec.http[0].test.expr', async () => {
    const res = await apply(
      s,
      canary('re-http', `  http:\n    - name: page\n      url: ${url}\n      test:\n        expr: "content.matches('(?<=x)y')"\n`),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(
      'spec.http[0].test.expr: cel: 1:17: invalid regular expression "(?<=x)y": lookbehind (?<=…) is not supported',
    );
  });

  it('runs a test expression with the catastrophic pattern ^(a+)+$ within the budget', async () => {
    const res = await apply(
      s,
      canary('re-redos', `  http:\n    - name: page\n      url: ${url}\n      test:\n        expr: "!content.matches('^(a+)+$')"\n`),
    );
    expect(res.status).toBe(200);
    const [check] = await checksOf(s, res.body.results![0]!.id);
    const started = performance.now();
    const run = await s.json<RunNowResponse>(`/api/canary/run/check/${check!.id}`, { method: 'POST', as: 'admin' });
    const took = performance.now() - started;
    expect(run.status).toBe(200);
    expect(run.body.results[0]).toMatchObject({ check_id: check!.id, pass: true });
    // The whole HTTP round trip (request to the peer included); the match itself takes under a millisecond.
    expect(took).toBeLessThan(2000);
  });
});
