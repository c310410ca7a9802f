// `npm run bench [-- name …]`: build if needed, run every bench/*.bench.ts (or the named ones) with tsx,
// each in its own process, then rewrite bench/RESULTS.md: this run's sections replace their old text,
// the sections of benches not run now stay as they were.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { register } from 'tsx/esm/api';

register();
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BENCH = path.join(ROOT, 'bench');
const RESULTS = path.join(BENCH, '.work', 'results');
const { composeResults } = await import('../bench/lib/results-md.ts');
const { machineInfo } = await import('../bench/lib/machine.ts');

const wanted = process.argv.slice(2);
const all = readdirSync(BENCH)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const files = wanted.length ? all.filter((f) => wanted.includes(f.replace(/\.bench\.ts$/, ''))) : all;
if (files.length === 0) {
  console.error(`no benchmark matches ${wanted.join(', ')}; have: ${all.map((f) => f.replace(/\.bench\.ts$/, '')).join(', ')}`);
  process.exit(2);
}

if (process.env.BENCH_NO_BUILD !== '1') {
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-if-needed.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const fresh = [];
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  const out = path.join(RESULTS, `${name}.json`);
  rmSync(out, { force: true });
  console.log(`\n=== bench ${name}`);
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(BENCH, file)], { cwd: ROOT, stdio: 'inherit', timeout: 40 * 60_000 });
  if (existsSync(out)) {
    fresh.push(JSON.parse(readFileSync(out, 'utf8')));
  } else {
    const why = r.error ? r.error.message : `exited with ${r.status ?? r.signal} before writing a result`;
    fresh.push({
      name,
      title: name,
      ok: false,
      error: why,
      figures: [],
      markdown: '',
      machine: machineInfo(),
      seconds: (Date.now() - started) / 1000,
    });
  }
}

const resultsFile = path.join(BENCH, 'RESULTS.md');
const existing = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
// Formatted like the rest of the repository, so `prettier --check .` stays clean after a run.
const options = { ...(await prettier.resolveConfig(resultsFile)), filepath: resultsFile };
writeFileSync(resultsFile, await prettier.format(composeResults(existing, fresh, machineInfo()), options));

console.log('\n=== benchmark figures');
for (const r of fresh) {
  if (!r.ok) console.log(`FAILED ${r.name}`);
  for (const f of r.figures) {
    const verdict = !f.target ? 'info' : f.pass ? 'pass' : 'MISS';
    console.log(`${verdict} ${r.name}: ${f.label} = ${f.value.toFixed(2)} ${f.unit}${f.target ? ` (target ${f.target})` : ''}`);
  }
}
console.log(`written ${path.relative(ROOT, resultsFile)}`);
process.exit(fresh.every((r) => r.ok) ? 0 : 1);
