// Conformance of the Playbook parser with the YAML users bring: every file of Mission Control's playbook fixtures
// and testdata is accepted, except `bad-*` files, refused naming the field; the schema testdata valid and
// invalid playbooks; and the template and CEL checks one by one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePlaybook, parsePlaybookSpec, playbookSummary, PlaybookValidationError } from './parse-playbook.js';

const REPO = fileURLToPath(new URL('../../../../../../', import.meta.url));
const CONFORMANCE = path.resolve(REPO, '../shared/conformance');
const FOLDERS = ['mission-control/fixtures/playbooks', 'mission-control/playbook/testdata'].map((f) => path.join(CONFORMANCE, f));
const SCHEMA = path.join(CONFORMANCE, 'duty/schema/openapi/testdata');

/** The issues a document or spec is refused with, as `path: message` lines ([] when accepted). */
function refusal(f: () => unknown): string[] {
  try {
    f();
    return [];
  } catch (err) {
    if (err instanceof PlaybookValidationError) return err.issues.map((i) => `${i.path}: ${i.message}`);
    throw err;
  }
}

// The field each bad fixture must be refused for.
const BAD_FIELDS: Record<string, string> = {
  'bad-action-spec.yaml': 'spec.actions[0].exec.script: invalid template',
  'bad-spec.yaml': 'spec.actions[0].delay: invalid CEL expression',
};

describe('Playbook conformance fixtures', () => {
  const files = FOLDERS.flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => ({ file: f, text: readFileSync(path.join(dir, f), 'utf8') })),
  );

  it('finds both folders of fixtures', () => {
    expect(files.length).toBe(18);
  });

  it.each(files.map((f) => [f.file, f.text]))('%s behaves as its name says', (file, text) => {
    const issues = refusal(() => parsePlaybook(text));
    if (!file.startsWith('bad-')) {
      expect(issues).toEqual([]);
      return;
    }
    expect(issues.length, `${file} must be refused`).toBeGreaterThan(0);
    expect(issues[0]).toContain(BAD_FIELDS[file]);
  });

  it('accepts the schema testdata valid playbook and refuses the invalid one naming both fields', () => {
    const read = (f: string): unknown => JSON.parse(readFileSync(path.join(SCHEMA, f), 'utf8'));
    expect(refusal(() => parsePlaybookSpec(read('playbook-valid.json')))).toEqual([]);
    expect(refusal(() => parsePlaybookSpec(read('playbook-invalid.json')))).toEqual([
      'spec.actions[0].name: is required',
      'spec.actions[0].exec.script: is required',
    ]);
  });

  it('reads metadata with the default namespace, and copies title and category with their defaults', () => {
    const doc = parsePlaybook(files.find((f) => f.file === 'exec-default-parameter.yaml')!.text);
    expect(doc.metadata).toEqual({ name: 'notify-send', namespace: 'default' });
    expect(playbookSummary(doc.metadata.name, doc.spec)).toEqual({ title: 'notify-send', category: 'Exec', icon: null, description: null });
    expect(playbookSummary('x', { ...doc.spec, category: undefined, title: 'T' })).toMatchObject({ title: 'T', category: 'Other' });
  });

  it('checks apiVersion, kind, metadata and a missing or null actions list', () => {
    const spec = { actions: [{ name: 'a', exec: { script: 'echo' } }] };
    expect(refusal(() => parsePlaybook({ apiVersion: 'v1', kind: 'Canary', metadata: {}, spec }))).toEqual([
      'apiVersion: must be mission-control.flanksource.com/v1',
      'kind: must be Playbook',
      'metadata.name: is required',
    ]);
    const doc = (s: unknown) => ({ apiVersion: 'mission-control.flanksource.com/v1', kind: 'Playbook', metadata: { name: 'p' }, spec: s });
    expect(refusal(() => parsePlaybook(doc({ actions: null })))).toEqual(['spec.actions: must be a list of actions']);
    expect(refusal(() => parsePlaybook(doc(undefined)))).toEqual(['spec: must be an object']);
  });
});

describe('Playbook template and CEL checks', () => {
  const spec = (action: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    actions: [{ name: 'a', ...action }],
    ...extra,
  });
  const first = (s: unknown) => refusal(() => parsePlaybookSpec(s))[0] ?? '';

  it('refuses templates that do not parse in every rendered field, naming it', () => {
    expect(first(spec({ exec: { script: 'echo {{ .x', env: [] } }))).toMatch(/^spec\.actions\[0\]\.exec\.script: invalid template/);
    expect(first(spec({ exec: { script: 'ok', env: [{ name: 'A', value: '{{ end }}' }] } }))).toMatch(
      /^spec\.actions\[0\]\.exec\.env\[0\]\.value:/,
    );
    expect(first(spec({ http: { url: 'http://x/{{ .a.', headers: [] } }))).toMatch(/^spec\.actions\[0\]\.http\.url:/);
    expect(first(spec({ http: { url: 'http://x', headers: [{ name: 'h', value: '{{nope}}' }] } }))).toMatch(
      /^spec\.actions\[0\]\.http\.headers\[0\]\.value: invalid template: .*function "nope" not defined/,
    );
    expect(first(spec({ http: { url: 'http://x', body: '{{ .x', templateBody: true } }))).toMatch(/^spec\.actions\[0\]\.http\.body:/);
    expect(first(spec({ http: { url: 'http://x', body: '{{ not rendered' } }))).toBe('');
    expect(first(spec({ sql: { connection: 'c', query: 'select {{ .x' } }))).toMatch(/^spec\.actions\[0\]\.sql\.query:/);
    expect(first(spec({ notification: { url: 'x', title: '{{', message: 'm' } }))).toMatch(/^spec\.actions\[0\]\.notification\.title:/);
    expect(first(spec({ gitops: { repo: { url: 'x' }, commit: { message: '{{ .a' } } }))).toMatch(
      /^spec\.actions\[0\]\.gitops\.commit\.message:/,
    );
    expect(first(spec({ exec: { script: 'ok' } }, { parameters: [{ name: 'p', default: '{{ .config.name' }] }))).toMatch(
      /^spec\.parameters\[0\]\.default:/,
    );
    expect(first(spec({ exec: { script: 'ok' } }, { env: [{ name: 'E', value: '{{' }] }))).toMatch(/^spec\.env\[0\]\.value:/);
    expect(first(spec({ http: { url: 'http://x', headers: { 'X-A': '{{ .a' } } }))).toMatch(/^spec\.actions\[0\]\.http\.headers\.X-A:/);
    expect(first(spec({ notification: { connection: '{{ .c', message: 'm' } }))).toMatch(/^spec\.actions\[0\]\.notification\.connection:/);
    expect(first(spec({ pod: { name: 'p', spec: { containers: [{ name: 'c', command: ['{{ .x'] }] } } }))).toMatch(
      /^spec\.actions\[0\]\.pod\.spec\.containers\[0\]\.command\[0\]:/,
    );
    expect(first(spec({ gitops: { repo: { url: 'x' }, patches: [{ path: 'a', content: '{{ .x' }] } }))).toMatch(
      /^spec\.actions\[0\]\.gitops\.patches\[0\]\.content:/,
    );
  });

  it('accepts the playbook template functions and templates that parse', () => {
    const s = spec({
      exec: { script: '{{ (getAction "x").result.stdout }} {{ getLastAction }} {{ last_result }} {{ .params.a | upper }}' },
    });
    expect(first(s)).toBe('');
  });

  it('refuses CEL that does not parse in if, delay, trigger filters, filters and log matches', () => {
    const exec = { exec: { script: 'ok' } };
    expect(first(spec({ ...exec, if: 'success( &&' }))).toMatch(/^spec\.actions\[0\]\.if: invalid CEL expression/);
    expect(first(spec({ ...exec, delay: 'bad delay expression' }))).toMatch(/^spec\.actions\[0\]\.delay: invalid CEL expression/);
    expect(first(spec({ ...exec, delay: '5m' }))).toBe('');
    expect(first(spec({ ...exec, delay: 'params.delay' }))).toBe('');
    expect(first(spec(exec, { on: { config: [{ event: 'updated', filter: 'config.name ==' }] } }))).toMatch(
      /^spec\.on\.config\[0\]\.filter:/,
    );
    expect(first(spec(exec, { on: { canary: [{ event: 'failed', filter: "check.name.matches('(?=a)')" }] } }))).toMatch(
      /^spec\.on\.canary\[0\]\.filter: invalid CEL expression: .*lookahead/,
    );
    expect(first(spec(exec, { filters: ['ok == true', '))'] }))).toMatch(/^spec\.filters\[1\]:/);
    expect(first(spec({ logs: { loki: {}, postProcess: { match: ['message =='] } } }))).toMatch(
      /^spec\.actions\[0\]\.logs\.postProcess\.match\[0\]:/,
    );
  });

  it('refuses durations and schedules it cannot read', () => {
    const exec = { exec: { script: 'ok' } };
    expect(first(spec({ ...exec, timeout: 'soon' }))).toBe('spec.actions[0].timeout: must be a duration such as 30s, 5m or 1h, got "soon"');
    expect(first(spec({ ...exec, retry: { limit: 2, duration: '5x' } }))).toMatch(/^spec\.actions\[0\]\.retry\.duration:/);
    expect(first(spec(exec, { timeout: '1d' }))).toBe('');
    expect(first(spec(exec, { on: { schedule: [{ schedule: 'every day' }] } }))).toMatch(/^spec\.on\.schedule\[0\]\.schedule:/);
    expect(first(spec(exec, { on: { schedule: [{ schedule: '@every 1h', parameters: { a: 1 } }] } }))).toBe('');
  });
});
