/// <reference types="node" />
// Walks the Flanksource conformance fixtures (../shared/conformance) and checks that every CEL
// expression, Go template and JSONPath in them compiles with our expression layer; where a
// fixture's expectations need no engine, evaluates them and checks that they hold.
// eslint-disable-next-line no-restricted-imports -- test-only file access, excluded from the build
import { readdirSync, readFileSync, statSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- test-only path handling
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { evaluateCel, parseCel, validateCel } from './cel/index.js';
import { ExprError } from './errors.js';
import { queryJsonPath, updateJsonPath, validateJsonPath } from './jsonpath/index.js';
import { compileTemplate, renderTemplate, validateTemplate } from './template/index.js';
import type { ArgNode, Node, PipeNode } from './template/nodes.js';
import { hashHex } from './util/hash.js';

const ROOT = new URL('../../../../../shared/conformance/', import.meta.url).pathname;

type Lang = 'cel' | 'template' | 'jsonpath';
interface Found {
  lang: Lang;
  text: string;
  file: string;
  path: string;
  delims?: [string, string];
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.ya?ml$/.test(n) ? [p] : [];
  });
}

const CEL_KEYS = new Set(['expr', 'valueExpr', 'filter']);
const ACTION_CEL_KEYS = new Set(['if', 'delay']);
const CEL_LIST_KEYS = new Set(['assertions', 'expectations', 'match']);
const TEMPLATE_KEYS = new Set(['template', 'title', 'gotemplate']);
const JSONPATH_SCALAR_KEYS = new Set(['id', 'name', 'type', 'class', 'items']);

/** Classifies one string by where it sits, the way the owning engines read these fields. */
function classify(value: string, path: (string | number)[]): Omit<Found, 'file' | 'text' | 'path'> | undefined {
  const key = [...path].reverse().find((k) => typeof k === 'string') ?? '';
  const inList = typeof path.at(-1) === 'number';
  if (!inList && CEL_KEYS.has(key)) return { lang: 'cel' };
  if (!inList && ACTION_CEL_KEYS.has(key) && path.includes('actions')) return { lang: 'cel' };
  if (!inList && key === 'selector' && path.includes('mask')) return { lang: 'cel' };
  if (!inList && key === 'value' && path.at(-3) === 'metrics') return { lang: 'cel' };
  if (inList && (CEL_LIST_KEYS.has(key) || (key === 'exclude' && path.includes('changes')))) return { lang: 'cel' };
  if (!inList && key === 'url' && value.includes('$(')) return { lang: 'template', delims: ['$(', ')'] };
  if (TEMPLATE_KEYS.has(key) || value.includes('{{')) return { lang: 'template' };
  if (key === 'jsonpath' || (inList && (key === 'createFields' || key === 'deleteFields'))) return { lang: 'jsonpath' };
  if (!inList && JSONPATH_SCALAR_KEYS.has(key) && /^[$.]/.test(value) && path.includes('spec')) return { lang: 'jsonpath' };
  return undefined;
}

function collect(node: unknown, path: (string | number)[], file: string, out: Found[]): void {
  if (typeof node === 'string') {
    const kind = classify(node, path);
    if (kind) out.push({ ...kind, text: node, file, path: path.join('.') });
  } else if (Array.isArray(node)) node.forEach((v, i) => collect(v, [...path, i], file, out));
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) collect(v, [...path, k], file, out);
}

const docs = new Map<string, unknown[]>();
const found: Found[] = [];
for (const f of files(ROOT)) {
  const rel = relative(ROOT, f);
  const parsed = parseAllDocuments(readFileSync(f, 'utf8')).map((d) => d.toJS() as unknown);
  docs.set(rel, parsed);
  parsed.forEach((d) => collect(d, [], rel, found));
}
const byLang = (lang: Lang) => found.filter((f) => f.lang === lang);
const doc = (rel: string, i = 0) => docs.get(rel)![i] as Record<string, unknown>;

/** Expressions the fixtures mark as bad on purpose, or that are stale upstream (README). */
const INVALID_CEL: Record<string, RegExp> = { 'mission-control/playbook/testdata/bad-spec.yaml': /^cel: 1:5: / };
const INVALID_TEMPLATES: Record<string, string> = {
  'mission-control/playbook/testdata/bad-action-spec.yaml': "template: 1:15: bad character U+002D '-'",
  'mission-control/fixtures/notifications/incidents.yaml': 'template: 1:13: function "incident" not defined',
};
/** Functions that the engines provide with run state (playbook status, config-db's database). */
const ENGINE_FUNCTIONS = [
  'success',
  'failure',
  'always',
  'external_users',
  'external_groups',
  'external_user_groups',
  'external_user_groups_all',
  'external_roles',
  'config_access',
  'config_access_logs',
  'config_relationships',
  'config_relationships_all',
];

const NAMESPACES = new Set(['time', 'uuid', 'crypto', 'db', 'math', 'sets', 'base64', 'strings', 'k8s', 'random', 'json', 'lists']);

/** Collects the functions a parsed template calls (identifiers in commands, nested pipelines). */
function walkTemplate(list: Node[], out: Set<string>): void {
  const arg = (a: ArgNode): void => {
    if (a.t === 'identifier') out.add(a.name);
    else if (a.t === 'chain') arg(a.node);
    else if (a.t === 'pipe') pipe(a);
  };
  const pipe = (p: PipeNode) => p.cmds.forEach((c) => c.args.forEach(arg));
  for (const n of list) {
    if (n.t === 'action' || n.t === 'if' || n.t === 'with' || n.t === 'range') pipe(n.pipe);
    if (n.t === 'if' || n.t === 'with' || n.t === 'range') {
      walkTemplate(n.list, out);
      walkTemplate(n.elseList ?? [], out);
    }
  }
}

describe('conformance fixtures', () => {
  it('finds the expressions of every fixture family', () => {
    expect(byLang('cel').length).toBeGreaterThan(300);
    expect(byLang('template').length).toBeGreaterThanOrEqual(40);
    expect(byLang('jsonpath').length).toBeGreaterThanOrEqual(15);
    for (const dir of ['canary-checker', 'config-db', 'mission-control']) expect(found.some((f) => f.file.startsWith(dir))).toBe(true);
  });

  it('parses every CEL expression; only the deliberately bad one fails, with its position', () => {
    for (const f of byLang('cel')) {
      const bad = INVALID_CEL[f.file];
      if (bad) expect(() => parseCel(f.text), f.path).toThrow(bad);
      else expect(() => parseCel(f.text), `${f.file} ${f.path}: ${f.text}`).not.toThrow();
    }
  });

  it('type-checks every CEL expression against our library; only engine functions are left', () => {
    for (const f of byLang('cel')) {
      if (INVALID_CEL[f.file]) continue;
      const err = validateCel(f.text);
      if (err)
        expect(
          ENGINE_FUNCTIONS.some((fn) => new RegExp(`'(?:dyn\\.)?${fn}\\(`).test(err.reason)),
          `${f.file} ${f.path}: ${err.message}`,
        ).toBe(true);
    }
  });

  it('parses every Go template; the bad and the stale ones fail with a clear error', () => {
    for (const f of byLang('template')) {
      const err = validateTemplate(f.text, f.delims ? { delims: f.delims } : {});
      const expected = INVALID_TEMPLATES[f.file];
      if (expected && err) {
        expect(err.message).toBe(expected);
        if (f.file.includes('incidents'))
          console.warn(`stale upstream fixture accepted with a warning: ${f.file} ${f.path}: ${err.message}`);
      } else expect(err, `${f.file} ${f.path}: ${f.text}`).toBeUndefined();
    }
    expect(
      Object.keys(INVALID_TEMPLATES).every((file) => byLang('template').some((f) => f.file === file && validateTemplate(f.text))),
    ).toBe(true);
  });

  it('accepts every JSONPath and runs it on the fixture data without error', () => {
    for (const f of byLang('jsonpath')) {
      expect(() => validateJsonPath(f.text), `${f.file}: ${f.text}`).not.toThrow();
      expect(() => queryJsonPath(f.text, { aws: [{ region: 'x' }], metadata: { name: 'n' } })).not.toThrow();
    }
  });

  it('evaluates canary-checker cel.yaml display expression', () => {
    const spec = doc('canary-checker/fixtures/minimal/cel.yaml').spec as { exec: { display: { expr: string } }[] };
    const lines = String(evaluateCel(spec.exec[0]!.display.expr)).split('\n');
    expect(lines).toContain('3 in [1, 2, 4] = false');
    expect(lines).toContain('hello-mellow');
    expect(lines).toContain("['a', 'b', 'c', 'd'].slice(1, 3).join(',') = b,c");
    expect(lines).toContain('"apple".matches("^a.*e$") = true');
    expect(lines).toContain(" 'TacoCat'.lowerAscii()  = tacocat");
    expect(lines).toContain('duration("30m") = 1800');
    expect(lines).toContain('HumanDuration(23212) = 3.6µs');
    expect(lines).toContain('HumanSize(1048576) = 1M');
    expect(lines).toContain('SemverCompare("1.2.3", "1.2.4") = false');
    expect(lines).toContain('timestamp("1986-12-18T10:00:20.021-05:00") = 17');
    expect(lines).toContain('true');
    expect(lines).toContain(hashHex('sha384', 'hello world'));
    expect(lines.at(-1)).toBe('2023-09-26T00:00:00Z');
  });

  it('evaluates the topology property lookups to the JSON they describe', () => {
    const spec = doc('canary-checker/fixtures/topology/component-with-property-list.yml').spec as {
      components: { properties: { lookup?: { http: { display: { expr: string } }[] } }[] }[];
    };
    const exprs = spec.components[0]!.properties[1]!.lookup!.http.map((h) => h.display.expr);
    expect(JSON.parse(String(evaluateCel(exprs[0]!)))).toEqual([{ name: 'error_percentage', max: 100 }]);
    expect(JSON.parse(String(evaluateCel(exprs[1]!)))).toEqual({ name: 'error_percentage', value: 10 });
  });

  it('renders config-db file-script-gotemplate to its expected config', () => {
    const spec = doc('config-db/fixtures/file-script-gotemplate.yaml').spec as { file: { transform: { gotemplate: string } }[] };
    const input = JSON.parse(readFileSync(join(ROOT, 'config-db/fixtures/data/multiple-configs.json'), 'utf8')) as unknown;
    const out = renderTemplate(spec.file[0]!.transform.gotemplate, { config: input });
    const expected = JSON.parse(readFileSync(join(ROOT, 'config-db/fixtures/expected/file-script-gotemplate.json'), 'utf8')) as {
      config: unknown;
    }[];
    expect((JSON.parse(out) as unknown[])[0]).toEqual(expected[0]!.config);
  });

  it('applies config-db file-mask selectors and JSONPaths to give the expected config', () => {
    const spec = doc('config-db/fixtures/file-mask.yaml').spec as {
      file: { transform: { mask: { selector: string; jsonpath: string; value: string }[] } }[];
    };
    let config = JSON.parse(readFileSync(join(ROOT, 'config-db/fixtures/data/single-config.json'), 'utf8')) as unknown;
    for (const m of spec.file[0]!.transform.mask) {
      if (evaluateCel(m.selector, { config }) !== true) continue;
      config = updateJsonPath(config, m.jsonpath, (v) => (m.value === 'md5sum' ? hashHex('md5', String(v)) : m.value));
    }
    const expected = JSON.parse(readFileSync(join(ROOT, 'config-db/fixtures/expected/file-mask.json'), 'utf8')) as { config: unknown }[];
    expect(config).toEqual(expected[0]!.config);
  });

  it('holds the expectations of the log match fixtures (a CEL filter over the input lines)', () => {
    for (const name of ['match_cel.yaml', 'match_faulty_expression.yaml']) {
      const fx = doc(`mission-control/playbook/actions/testdata/logs/${name}`) as {
        postProcess: { match: string[] };
        input: Record<string, unknown>[];
        expectations: string[];
      };
      const matches = (line: Record<string, unknown>, expr: string) => {
        try {
          return evaluateCel(expr, line) === true;
        } catch (e) {
          if (e instanceof ExprError) return false;
          throw e;
        }
      };
      const results = fx.input.filter((line) => fx.postProcess.match.some((m) => matches(line, m)));
      for (const e of fx.expectations) expect(evaluateCel(e, { results }), `${name}: ${e}`).toBe(true);
    }
  });

  it('lists every function the fixtures call in FUNCTIONS.md', () => {
    const inventory = readFileSync(new URL('./FUNCTIONS.md', import.meta.url), 'utf8');
    const names = new Set<string>();
    for (const f of byLang('cel')) {
      const code = f.text.replace(/'[^']*'|"[^"]*"/g, '""');
      for (const m of code.matchAll(/(\.)?\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\(/g)) {
        const parts = m[2]!.split('.');
        const namespaced = parts.length === 2 && NAMESPACES.has(parts[0]!);
        names.add(m[1] || (parts.length > 1 && !namespaced) ? `.${parts.at(-1)}` : m[2]!);
      }
    }
    for (const f of byLang('template')) {
      if (INVALID_TEMPLATES[f.file]) continue;
      walkTemplate(compileTemplate(f.text, f.delims ? { delims: f.delims } : {}).root, names);
    }
    const missing = [...names].filter((n) => !inventory.includes(`\`${n}\``));
    expect(missing).toEqual([]);
  });
});
