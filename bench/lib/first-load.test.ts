import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstLoadJs, htmlScripts, manifestClosure } from './first-load.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function dist(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), body);
  }
  return dir;
}

describe('first-load JavaScript', () => {
  const manifest = {
    'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'], dynamicImports: ['src/page.tsx'] },
    '_react-b.js': { file: 'assets/react-b.js', imports: ['_shared-c.js'] },
    '_shared-c.js': { file: 'assets/shared-c.js', imports: ['_react-b.js'] },
    'src/page.tsx': { file: 'assets/page-d.js', isEntry: false, imports: ['_shared-c.js'] },
  };

  it('follows static imports from the entries, not dynamic ones, and survives cycles', () => {
    expect(manifestClosure(manifest).sort()).toEqual(['assets/index-a.js', 'assets/react-b.js', 'assets/shared-c.js']);
  });

  it('reads module scripts and modulepreload links from index.html', () => {
    const html =
      '<script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/react-b.js"><link rel="stylesheet" href="/assets/x.css">';
    expect(htmlScripts(html)).toEqual(['assets/index-a.js', 'assets/react-b.js']);
  });

  it('sums raw and gzipped bytes of the closure plus inline scripts', () => {
    const big = 'export const x = "' + 'a'.repeat(10_000) + '";';
    const dir = dist({
      'index.html': '<script>var t = 1;</script><script type="module" src="/assets/index-a.js"></script>',
      '.vite/manifest.json': JSON.stringify(manifest),
      'assets/index-a.js': big,
      'assets/react-b.js': 'export {}',
      'assets/shared-c.js': 'export {}',
      'assets/page-d.js': big + big,
    });
    const load = firstLoadJs(dir);
    expect(load.source).toBe('manifest');
    expect(load.files.map((f) => f.file)).toEqual(['assets/index-a.js', 'assets/react-b.js', 'assets/shared-c.js']);
    expect(load.totalBytes).toBe(big.length + 9 + 9 + 'var t = 1;'.length);
    expect(load.totalGzipBytes).toBeLessThan(load.totalBytes);
    expect(load.totalGzipBytes).toBeGreaterThan(0);
  });
});
