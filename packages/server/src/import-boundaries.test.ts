// The import rules of tools/eslint-plugin-ops.js on small samples, and the repository held to them:
// no import cycles in any package, and http/ importing nothing from modules/ or jobs/.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');

interface Cycles {
  relativeImports(file: string, text: string): string[];
  noteSource(file: string, text: string): void;
  cycleThrough(file: string, target: string): string[] | undefined;
}
// The tools are plain JavaScript outside every tsconfig: load them by URL.
const cycles = (await import(pathToFileURL(path.join(repo, 'tools/import-cycles.js')).href)) as Cycles;
const plugin = ((await import(pathToFileURL(path.join(repo, 'tools/eslint-plugin-ops.js')).href)) as { default: NonNullable<Linter.Config['plugins']>[string] }).default;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

function lint(rule: string, filename: string, code: string): string[] {
  // cwd '/': the samples may live outside the repository (a temporary directory).
  const linter = new Linter({ configType: 'flat', cwd: '/' });
  const config: Linter.Config[] = [
    { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser as Linter.Parser }, plugins: { ops: plugin }, rules: { [`ops/${rule}`]: 'error' } },
  ];
  return linter.verify(code, config, filename).map((m) => m.message);
}

const tmp = mkdtempSync(path.join(tmpdir(), 'ops-imports-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('no-import-cycles', () => {
  it('reports both files of a cycle, type-only imports included, and not a one-way import', () => {
    const dir = path.join(tmp, 'cycle');
    mkdirSync(dir);
    const a = path.join(dir, 'a.ts');
    const b = path.join(dir, 'b.ts');
    const c = path.join(dir, 'c.ts');
    writeFileSync(a, "import type { B } from './b.js';\nexport interface A { b: B }\n");
    writeFileSync(b, "import { a } from './a.js';\nexport const b = a;\nexport type B = string;\n");
    writeFileSync(c, "import { b } from './b.js';\nexport const c = b;\n");
    expect(lint('no-import-cycles', a, readFileSync(a, 'utf8'))).toEqual([expect.stringMatching(/^Import cycle: .*a\.ts → .*b\.ts → .*a\.ts/)]);
    expect(lint('no-import-cycles', b, readFileSync(b, 'utf8'))).toHaveLength(1);
    expect(lint('no-import-cycles', c, readFileSync(c, 'utf8'))).toEqual([]);
  });

  it('finds no cycle in any package', () => {
    const found: string[] = [];
    for (const pkg of ['shared', 'server', 'web', 'cli']) {
      for (const file of sources(path.join(repo, 'packages', pkg, 'src'))) {
        const text = readFileSync(file, 'utf8');
        cycles.noteSource(file, text);
        for (const target of cycles.relativeImports(file, text)) {
          const chain = cycles.cycleThrough(file, target);
          if (chain) found.push([file, ...chain].map((f) => path.relative(repo, f)).join(' → '));
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe('server import boundaries', () => {
  const modules = path.join(repo, 'packages/server/src/modules');

  it('lets a module use another only through its index.ts', () => {
    const file = path.join(modules, 'resources/sample.ts');
    expect(lint('server-module-boundaries', file, "import { canaryKind } from '../health/index.js';\nexport const k = canaryKind;\n")).toEqual([]);
    expect(lint('server-module-boundaries', file, "import { CheckScheduler } from '../health/check-scheduler.js';\nexport const s = CheckScheduler;\n")).toEqual([
      expect.stringContaining('only through its index.ts'),
    ]);
    expect(lint('server-module-boundaries', path.join(modules, 'health/sample.ts'), "export { CheckScheduler } from './check-scheduler.js';\n")).toEqual([]);
  });

  it('keeps modules/ and jobs/ out of http/', () => {
    const file = path.join(repo, 'packages/server/src/http/sample.ts');
    expect(lint('server-http-layer', file, "import type { AppContext } from '../context.js';\nexport type C = AppContext;\n")).toEqual([]);
    expect(lint('server-http-layer', file, "import type { Principal } from '../modules/identity/index.js';\nexport type P = Principal;\n")).toHaveLength(1);
    expect(lint('server-http-layer', file, "import { startJobs } from '../jobs/start-jobs.js';\nexport const s = startJobs;\n")).toHaveLength(1);
    const http = path.join(repo, 'packages/server/src/http');
    const crossing = sources(http).flatMap((f) =>
      cycles
        .relativeImports(f, readFileSync(f, 'utf8'))
        .filter((t) => /[\\/]src[\\/](modules|jobs)[\\/]/.test(t))
        .map((t) => `${path.relative(http, f)} → ${path.relative(http, t)}`),
    );
    expect(crossing).toEqual([]);
  });
});

describe('web layers', () => {
  const web = path.join(repo, 'packages/web/src');

  it('lets imports go app → features → components, lib only', () => {
    expect(lint('web-layers', path.join(web, 'app/sample.tsx'), "import { X } from '../features/health/x';\nexport const y = X;\n")).toEqual([]);
    expect(lint('web-layers', path.join(web, 'features/health/sample.tsx'), "import { X } from '../../components/ui/x';\nexport const y = X;\n")).toEqual([]);
    expect(lint('web-layers', path.join(web, 'features/health/sample.tsx'), "import { paths } from '../../app/paths';\nexport const y = paths;\n")).toHaveLength(1);
    expect(lint('web-layers', path.join(web, 'components/ui/sample.tsx'), "import { X } from '../../features/health/x';\nexport const y = X;\n")).toHaveLength(1);
    expect(lint('web-layers', path.join(web, 'lib/sample.ts'), "const m = import('../features/health/x');\nexport default m;\n")).toHaveLength(1);
  });
});
