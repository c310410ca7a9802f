// Comments state behaviour themselves: no citations of numbered specs or design sections outside the
// repository. Scans every source file of the packages, e2e, bench, tools and scripts (this file's own
// samples aside); sections of published standards (RFC, MS-NLMP, ISO) stay allowed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const ROOTS = ['packages', 'bench', 'tools', 'scripts'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.work', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const SELF = path.resolve(import.meta.filename);

/** "spec 3", "Specs 1", "spec-2", or a § not preceded by a standard's name (RFC n, MS-XXX, ISO n). */
const SPEC_NUMBER = /\bspecs?[ -]\d/i;
const STANDARD_BEFORE = /(\bRFC ?\d+|\b[A-Z]{2,}-[A-Z]{2,}[A-Z0-9-]*|\bISO(?:\/IEC)? ?\d+(?:-\d+)*)\s*$/;

function citations(text: string): string[] {
  return text.split('\n').filter((line) => {
    if (SPEC_NUMBER.test(line)) return true;
    for (let i = line.indexOf('§'); i >= 0; i = line.indexOf('§', i + 1)) {
      if (!STANDARD_BEFORE.test(line.slice(0, i))) return true;
    }
    return false;
  });
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) out.push(...sources(path.join(dir, entry.name)));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path.join(dir, entry.name));
  }
  return out;
}

describe('no citations of documents outside the repository', () => {
  it('flags spec and design section references but not sections of published standards', () => {
    for (const line of [
      '/** Columns (spec 3 settings lists). */',
      '// Spec 2 §4.1: colours',
      'describe("refresh rules (spec-1)", () => {',
      '// see spec §5',
      '// Debian Chromium (DESIGN §2).',
      '// graph layout (design.md §6)',
    ]) {
      expect(citations(line), line).toEqual([line]);
    }
    for (const line of [
      '/** Standard base64 (RFC 4648 §4) with padding. */',
      '// MS-NLMP §4.2.4 (NTLMv2) vectors',
      '// ISO 8601 § 5.4 durations',
      'const spec = parse(text); // the canary spec as YAML',
      'const specs2 = [];',
    ]) {
      expect(citations(line), line).toEqual([]);
    }
  });

  it('finds none in packages/*, bench, tools or scripts', () => {
    const found: string[] = [];
    for (const root of ROOTS) {
      for (const file of sources(path.join(repo, root)).filter((f) => f !== SELF)) {
        for (const line of citations(readFileSync(file, 'utf8'))) found.push(`${path.relative(repo, file)}: ${line.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });
});
