// `npm test`: lint, typecheck, unit + web + integration (Vitest on a real PostgreSQL), then the built app
// end to end in Chromium (Playwright). Prints one closing line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensurePackages, startPg15 } from './test-prereqs.mjs';

const results = [];
let passed = 0;
let failed = 0;

function run(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  results.push({ name, ok: r.status === 0, seconds });
  return r.status === 0;
}

/** A check that is not a test runner (lint, typecheck, build) counts as one test. */
function step(name, cmd, args) {
  const ok = run(name, cmd, args);
  if (ok) passed++;
  else failed++;
  return ok;
}

/** What failed, by name, so the closing summary says it even when the runner's own output is cut. */
const failures = [];

function countVitest(file) {
  if (!existsSync(file)) return false;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  passed += j.numPassedTests ?? 0;
  failed +=
    (j.numFailedTests ?? 0) + (j.numRuntimeErrorTestSuites ?? 0) + (j.numFailedTestSuites && !j.numFailedTests ? j.numFailedTestSuites : 0);
  for (const r of j.testResults ?? []) {
    const tests = (r.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of tests) failures.push(`${r.name}: ${a.fullName}: ${(a.failureMessages ?? [])[0]?.split('\n')[0] ?? ''}`);
    // A file can fail outside any test (a hook, an import); its message says why.
    if (r.status === 'failed' && tests.length === 0) failures.push(`${r.name}: ${(r.message ?? '').split('\n')[0]}`);
  }
  return true;
}

function vitest(name, projects, out, env = {}) {
  rmSync(out, { force: true });
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  const ok = run(name, 'npx', args, env);
  if (!countVitest(out) && !ok) failed++;
}

mkdirSync('.test-data', { recursive: true });
const only = process.env.OPS_TEST_ONLY?.split(',');
const want = (s) => !only || only.includes(s);

// The peers the tests start must be there: installed here (root on Debian/Ubuntu) or named, never skipped.
if (want('vitest') || want('pg15') || want('e2e')) {
  try {
    ensurePackages();
  } catch (err) {
    console.error(`\n${err.message}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

if (want('lint')) step('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
if (want('typecheck')) step('typecheck', 'npm', ['run', '-s', 'typecheck']);
if (want('vitest')) vitest('unit, web and integration tests', ['unit', 'web', 'integration'], '.test-data/vitest.json');
// The integration suite again against Debian's PostgreSQL 15 through DATABASE_URL (a cluster of its own
// unless OPS_TEST_PG15_URL names one).
if (want('pg15')) {
  let cluster;
  try {
    cluster = process.env.OPS_TEST_PG15_URL ? undefined : await startPg15();
    vitest('integration tests on external PostgreSQL', ['integration'], '.test-data/vitest-pg15.json', {
      TEST_DATABASE_URL: process.env.OPS_TEST_PG15_URL ?? cluster.url,
    });
  } catch (err) {
    console.error(err.message);
    results.push({ name: 'integration tests on external PostgreSQL', ok: false, seconds: '0' });
    failed++;
  } finally {
    cluster?.stop();
  }
}
if (want('e2e')) {
  if (step('build', 'npm', ['run', '-s', 'build'])) {
    const out = '.test-data/playwright.json';
    rmSync(out, { force: true });
    const ok = run('end to end (Chromium)', 'npx', ['playwright', 'test', '-c', 'packages/e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    });
    if (existsSync(out)) {
      const report = JSON.parse(readFileSync(out, 'utf8'));
      const s = report.stats ?? {};
      passed += (s.expected ?? 0) + (s.flaky ?? 0);
      failed += s.unexpected ?? 0;
      const walk = (suite) => {
        for (const spec of suite.specs ?? []) {
          if ((spec.tests ?? []).some((t) => t.status === 'unexpected')) failures.push(`${spec.file}: ${spec.title}`);
        }
        (suite.suites ?? []).forEach(walk);
      };
      (report.suites ?? []).forEach(walk);
    } else if (!ok) failed++;
  }
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
for (const f of failures) console.log(`failed: ${f}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.some((r) => !r.ok) ? 1 : 0);
