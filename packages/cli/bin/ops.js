#!/usr/bin/env node
// The `ops` command: config as code over the Ops Console HTTP API. The TypeScript is built into ../dist.
let cli;
try {
  cli = await import('../dist/index.js');
} catch (err) {
  if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes('dist')) throw err;
  process.stderr.write('ops: the CLI is not built yet; run `npm run build` (or `npx tsc -b packages/cli`) first\n');
  process.exit(2);
}
process.exitCode = await cli.main(process.argv.slice(2));
