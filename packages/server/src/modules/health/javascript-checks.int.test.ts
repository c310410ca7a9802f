// JavaScript in a check's test and display, through the API: applied, run now against a loopback
// HTTP peer, and judged with canary-checker's variables (code, json, headers); a script that does
// not compile is refused at apply, naming its field, with nothing written.
import type { RunNowResponse } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpbin, type HttpbinPeer } from '../../test/peers/httpbin.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { apply, checksOf } from './health-test-helpers.js';

let s: TestServer;
let httpbin: HttpbinPeer;

beforeAll(async () => {
  [s, httpbin] = await Promise.all([startTestServer({ OPS_JOBS: 'false' }), startHttpbin()]);
});
afterAll(async () => {
  await Promise.all([s?.stop(), httpbin?.close()]);
});

const canary = (name: string, test: string, display: string) => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
spec:
  schedule: "@every 5m"
  http:
    - name: rates
      url: ${httpbin.httpUrl}/get?EUR=0.9&GBP=0.8
      test:
        javascript: ${JSON.stringify(test)}
      display:
        javascript: ${JSON.stringify(display)}
`;

async function runOnlyCheck(canaryId: string): Promise<RunNowResponse> {
  const [check] = await checksOf(s, canaryId);
  const run = await s.json<RunNowResponse>(`/api/canary/run/check/${check!.id}`, { method: 'POST', as: 'responder' });
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  return run.body;
}

describe('javascript test and display', () => {
  it('runs in the sandbox with the check result as variables: the test decides, the display is the message', async () => {
    const display = 'var out = [];\nfor (var c in json.args) out.push(c + " = " + json.args[c]);\n"$1: " + out.join(", ")';
    const res = await apply(s, canary('js-rates', 'code == 200 && Number(json.args.EUR) < 1 && headers["Content-Type"] != ""', display));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const run = await runOnlyCheck(res.body.results![0]!.id);
    expect(run.results[0]).toMatchObject({ pass: true, message: '$1: EUR = 0.9, GBP = 0.8', error: '' });
    expect(run.check.status).toBe('healthy');

    const failing = await apply(s, canary('js-rates-fail', 'Number(json.args.GBP) > 1', '"GBP " + json.args.GBP'));
    const failed = await runOnlyCheck(failing.body.results![0]!.id);
    expect(failed.results[0]).toMatchObject({ pass: false, message: 'GBP 0.8', error: 'test failed: Number(json.args.GBP) > 1' });
  });

  it('refuses a script that does not parse with a 400 naming the field, writing nothing', async () => {
    const res = await apply(s, canary('js-broken', 'code ==', '"ok"'));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/spec\.http\[0\]\.test\.javascript: SyntaxError: /);
    const row = await s.ctx.db.kysely.selectFrom('canaries').select('id').where('name', '=', 'js-broken').executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
