// Conformance with canary-checker: every fixture in ../shared/conformance/canary-checker/fixtures/minimal
// runs unchanged except that public targets are pointed at loopback peers. *_pass must pass,
// *_fail must fail, *_invalid must be refused naming the field; the others run and are reported.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsPeer } from '../../../test/peers/dns-server.js';
import { rewriteFixture } from '../../../test/peers/fixture-rewrite.js';
import { startHttpbin, type HttpbinPeer } from '../../../test/peers/httpbin.js';
import { startTcpListener, type TcpPeer } from '../../../test/peers/tcp-listener.js';
import { CanaryValidationError, parseCanary, runCanary, type CheckResult } from './index.js';
import { silentPing } from '../../../test/peers/silent-ping.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));
const FIXTURES = path.resolve(REPO_ROOT, '../shared/conformance/canary-checker/fixtures/minimal');
const files = readdirSync(FIXTURES)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();
const expectation = (file: string) => /_(pass|fail|invalid)\.ya?ml$/.exec(file)?.[1] ?? 'report';

let httpbin: HttpbinPeer;
let dns: DnsPeer;
let tcp: TcpPeer;
const silent = silentPing();
beforeAll(async () => {
  [httpbin, dns, tcp] = await Promise.all([startHttpbin(), startDnsServer(), startTcpListener()]);
});
afterAll(async () => {
  await Promise.all([httpbin.close(), dns.close(), tcp.close()]);
});

function load(file: string): unknown {
  const doc = parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as unknown;
  return rewriteFixture(doc, {
    httpPort: httpbin.httpPort,
    httpsPort: httpbin.httpsPort,
    dnsPort: dns.port,
    tcpPort: tcp.port,
    silentHost: silent.host,
  });
}

/** Every result including the checks a transform created. */
function flatten(results: CheckResult[]): CheckResult[] {
  return results.flatMap((r) => [r, ...r.transformed.map((t) => t.result)]);
}

const describeResult = (r: CheckResult) =>
  `${r.identity.type}/${r.identity.name}: ${r.invalid ? 'invalid' : r.pass ? 'pass' : 'fail'} ${r.error || r.message}`.trim();

describe('canary-checker conformance fixtures', () => {
  it('finds the fixtures, with every kind of expectation present', () => {
    const kinds = new Set(files.map(expectation));
    expect([...kinds].sort()).toEqual(['fail', 'invalid', 'pass', 'report']);
  });

  for (const file of files) {
    const kind = expectation(file);
    it(`${file} → ${kind}`, async () => {
      const doc = load(file);
      if (kind === 'invalid') {
        let error: unknown;
        try {
          parseCanary(doc);
        } catch (err) {
          error = err;
        }
        expect(error).toBeInstanceOf(CanaryValidationError);
        expect((error as Error).message).toMatch(/^spec\.[\w[\].]+: \S/);
        return;
      }
      // icmp fixtures ping a host that never answers; the silent ping keeps those packets on this machine.
      const results = flatten(await silent.withSilentPing(() => runCanary(parseCanary(doc), { extraCACerts: [httpbin.ca], timeoutMs: 15_000 })));
      expect(results.length).toBeGreaterThan(0);
      const summary = results.map(describeResult);
      if (kind === 'pass') expect(results.filter((r) => !r.pass).map(describeResult), summary.join('\n')).toEqual([]);
      else if (kind === 'fail') expect(results.filter((r) => r.pass || r.invalid).map(describeResult), summary.join('\n')).toEqual([]);
      else console.info(`${file}:\n  ${summary.join('\n  ')}`);
    });
  }
});
