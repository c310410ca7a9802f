// `npm start` builds first when a build output is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const pairs = [
  ['packages/shared/src', 'packages/shared/dist'],
  ['packages/server/src', 'packages/server/dist'],
  ['packages/cli/src', 'packages/cli/dist'],
  ['packages/web/src', 'packages/web/dist'],
];
const stale = pairs.some(([src, out]) => !existsSync(out) || newest(src) > newest(out));
if (stale) {
  console.log('Building Ops Console (first start or sources changed)…');
  const r = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
