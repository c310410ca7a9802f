import { describe, expect, it } from 'vitest';
import { applyChangeRules } from '../changes/change-rules.js';
import { diffConfigs } from '../changes/diff-configs.js';
import { baseScraperSchema, type BaseScraper } from '../spec/common.schema.js';
import type { ChangeResult } from '../types.js';
import { extractDrafts, type ItemDraft } from './extract.js';
import { md5Sum } from './field-transforms.js';
import { itemEnv } from './item-env.js';
import { ExtractionOutput } from './output.js';

function run(spec: Record<string, unknown>, drafts: ItemDraft[], full = false): ExtractionOutput {
  const out = new ExtractionOutput();
  extractDrafts(baseScraperSchema.parse(spec) as BaseScraper, drafts, { scraper: 'file[0]', full, scraperId: 'sc-1' }, out);
  return out;
}

describe('extraction', () => {
  it('splits items by JSONPath and reads id, name, type, class, status, health, labels and tags', () => {
    const out = run(
      {
        items: '$.instances[*]',
        id: '$.id',
        name: '$.tags.Name',
        type: 'AWS::EC2::Instance',
        class: 'VM',
        status: '$.state',
        health: '$.health',
        labels: { team: '$.tags.team', env: 'prod' },
        tags: [{ name: 'zone', jsonpath: 'az' }],
      },
      [
        {
          config:
            '{"instances":[{"id":"i-1","state":"running","health":"Healthy","az":"a","tags":{"Name":"web","team":"ops"}},{"id":2,"tags":{}}]}',
          source: 'x.json',
        },
      ],
    );
    // A name the path does not find falls back to the id rather than failing the item.
    expect(out.errors).toEqual([]);
    expect(out.configs.map((c) => [c.id, c.name, c.type, c.config_class, c.status, c.health])).toEqual([
      ['i-1', 'web', 'AWS::EC2::Instance', 'VM', 'running', 'healthy'],
      ['2', '2', 'AWS::EC2::Instance', 'VM', undefined, undefined],
    ]);
    expect(out.configs[0]!.labels).toEqual({ team: 'ops', env: 'prod', zone: 'a' });
    expect(out.configs[0]!.tags).toEqual({ zone: 'a' });
  });

  it('reads created/deleted times with a Go timestampFormat, trying createFields in order', () => {
    const spec = {
      id: '$.id',
      type: 'T',
      timestampFormat: '2006-01-02 15:04',
      createFields: ['$.made', '$.created'],
      deleteFields: ['$.gone'],
    };
    const out = run(spec, [
      { config: { id: 'a', made: 'yesterday', created: '2024-03-05 10:30' } },
      { config: { id: 'b', created: '2024-03-05 10:30', gone: '2024-04-01 00:00' } },
    ]);
    expect(out.configs.map((c) => [c.created_at, c.deleted_at])).toEqual([
      ['2024-03-05T10:30:00.000Z', undefined],
      ['2024-03-05T10:30:00.000Z', '2024-04-01T00:00:00.000Z'],
    ]);
  });

  it('reports an item without an id and still extracts the others', () => {
    const out = run({ id: '$.id', type: 'T' }, [
      { config: { id: 'a' }, source: 'a.json' },
      { config: { other: 1 }, source: 'b.json' },
    ]);
    expect(out.configs.map((c) => c.id)).toEqual(['a']);
    expect(out.errors).toEqual([{ scraper: 'file[0]', item: 'b.json', message: 'no id: $.id not found' }]);
  });

  it('transforms with expr, gotemplate, jsonpath and javascript, inline or under script', () => {
    const data = {
      list: [
        { n: 'a', v: 1 },
        { n: 'b', v: 2 },
      ],
    };
    const expr = run({ id: '$.n', type: 'T', transform: { expr: 'config.list.filter(x, x.v > 1).toJSON()' } }, [{ config: data }]);
    expect(expr.configs.map((c) => c.id)).toEqual(['b']);
    const tpl = run({ id: '$.id', type: 'T', transform: { gotemplate: '{"id": "{{ len .config.list }}"}' } }, [{ config: data }]);
    expect(tpl.configs.map((c) => c.config)).toEqual([{ id: '2' }]);
    const jp = run({ id: '$.n', type: 'T', transform: { jsonpath: '$.list[*]' } }, [{ config: data }]);
    expect(jp.configs.map((c) => c.id)).toEqual(['a', 'b']);
    const js = run({ id: '$.n', type: 'T', transform: { javascript: 'config.list.filter(function (x) { return x.v > 1 })' } }, [
      { config: data },
    ]);
    expect(js.errors).toEqual([]);
    expect(js.configs.map((c) => c.id)).toEqual(['b']);
    // config-db's older form, as its own fixtures write it: the result as JSON text, `result` beside `config`.
    const script = 'config.list.forEach(function (x) { x.src = result.source }); JSON.stringify(config.list)';
    const nested = run({ id: '$.n', type: 'T', transform: { script: { javascript: script } } }, [{ config: data, source: 'f.json' }]);
    expect(nested.configs.map((c) => c.config)).toEqual([
      { n: 'a', v: 1, src: 'f.json' },
      { n: 'b', v: 2, src: 'f.json' },
    ]);
    const tplNested = run({ id: '$.id', type: 'T', transform: { script: { gotemplate: '{"id": "{{ len .config.list }}"}' } } }, [
      { config: data },
    ]);
    expect(tplNested.configs.map((c) => c.id)).toEqual(['2']);
    const thrown = run({ id: '$.n', type: 'T', transform: { javascript: 'config.missing.x' } }, [{ config: data, source: 'f.json' }]);
    expect(thrown.errors).toEqual([
      {
        scraper: 'file[0]',
        item: 'f.json',
        message: "transform.javascript: TypeError: cannot read property 'x' of undefined at line 1, column 15",
      },
    ]);
  });

  it('excludes fields by type glob and masks selected items (md5 of objects as sorted JSON)', () => {
    const spec = {
      id: '$.id',
      type: '$.kind',
      transform: {
        exclude: [{ types: ['Kubernetes::*'], jsonpath: '$.metadata.managed' }, { jsonpath: '$.noise' }],
        mask: [
          { selector: "config_type == 'Kubernetes::Secret'", jsonpath: '$.data', value: 'md5sum' },
          { selector: 'config.missing.field == 1', jsonpath: '$.id', value: 'never' },
        ],
      },
    };
    const out = run(spec, [
      { config: { id: 's', kind: 'Kubernetes::Secret', data: { b: 2, a: 1 }, metadata: { managed: 1, name: 's' }, noise: 1 } },
      { config: { id: 'o', kind: 'Other', metadata: { managed: 1 } } },
    ]);
    expect(out.configs[0]!.config).toEqual({ id: 's', kind: 'Kubernetes::Secret', data: md5Sum({ a: 1, b: 2 }), metadata: { name: 's' } });
    expect(md5Sum({ a: 1, b: 2 })).toBe(md5Sum({ b: 2, a: 1 }));
    expect(out.configs[1]!.config).toEqual({ id: 'o', kind: 'Other', metadata: { managed: 1 } });
  });

  it('derives Kubernetes health for Kubernetes:: types when the spec gives none', () => {
    const pod = { kind: 'Pod', metadata: { uid: 'p1' }, status: { phase: 'Pending' } };
    const out = run({ id: '$.metadata.uid', type: 'Kubernetes::Pod' }, [{ config: pod }]);
    expect(out.configs[0]).toMatchObject({ health: 'unknown', status: 'Pending' });
  });

  it('a broken relationship rule is reported but the item is kept', () => {
    const out = run({ id: '$.id', type: 'T', transform: { relationship: [{ expr: 'config.nope.size() > 0' }] } }, [
      { config: { id: 'a' } },
    ]);
    expect(out.configs.map((c) => c.id)).toEqual(['a']);
    expect(out.errors[0]!.message).toMatch(/^transform\.relationship\[0\]: cel:/);
  });

  it('full mode: `config` becomes the body, changes and analysis are extracted, metadata-only documents make no item', () => {
    const doc = {
      id: 'db-1',
      config: { size: 'large' },
      changes: [{ external_change_id: 'c1', change_type: 'Resized' }],
      analysis: [{ analyzer: 'vpc-flow-logs-enabled', summary: 'off' }],
    };
    const out = run(
      { id: '$.id', type: 'Database' },
      [
        { config: doc },
        { config: { changes: [{ external_id: 'db-2', config_type: 'Database', external_change_id: 'c2', change_type: 'X' }] } },
      ],
      true,
    );
    expect(out.configs).toMatchObject([{ id: 'db-1', type: 'Database', config: { size: 'large' } }]);
    expect(out.changes.map((c) => [c.external_id, c.config_type, c.change_type])).toEqual([
      ['db-1', 'Database', 'Resized'],
      ['db-2', 'Database', 'X'],
    ]);
    expect(out.analysis).toMatchObject([{ external_id: 'db-1', config_type: 'Database', analysis_type: 'security', severity: 'warning' }]);
    expect(out.errors).toEqual([]);
  });
});

describe('change rules (kubernetes.yaml mappings)', () => {
  const mapping = {
    mapping: [
      {
        filter:
          'change_type == \'diff\' && summary == "status.containerStatuses" && patch != null && has(patch.status) && has(patch.status.containerStatuses) && patch.status.containerStatuses.size() > 0 && has(patch.status.containerStatuses[0].restartCount)',
        type: 'PodCrashLooping',
      },
      { filter: "change_type == 'Heartbeat'", action: 'ignore', severity: 'low', summary: 'beat {{ .summary }}' },
      {
        filter:
          "change_type == 'diff' && jq('.status.conditions[]? | select(.type == \"Healthy\").message', patch).contains('Health check passed')",
        type: 'HealthCheckPassed',
      },
    ],
    exclude: ['config_type == "Kubernetes::Node" && has(details.message) && details.message == "status.images"'],
  };
  const diffChange = (before: unknown, after: unknown, type = 'Kubernetes::Pod'): ChangeResult => {
    const d = diffConfigs(before, after)!;
    return {
      external_id: 'p',
      config_type: type,
      external_change_id: d.fingerprint,
      change_type: 'diff',
      summary: d.summary,
      patches: d.patches,
      merge_patch: d.merge_patch,
      details: { message: d.summary },
    };
  };

  it('maps a restart-count diff to PodCrashLooping and leaves other diffs alone', () => {
    const before = { status: { containerStatuses: [{ restartCount: 1 }] } };
    const crash = diffChange(before, { status: { containerStatuses: [{ restartCount: 2 }] } });
    const other = diffChange({ spec: { a: 1 } }, { spec: { a: 2 } });
    const out = applyChangeRules([crash, other], itemEnv({ type: 'Kubernetes::Pod', config: {} }), mapping);
    expect(out.changes.map((c) => c.change_type)).toEqual(['PodCrashLooping', 'diff']);
    const healthy = diffChange(
      { status: { conditions: [] } },
      { status: { conditions: [{ type: 'Healthy', message: 'Health check passed' }] } },
    );
    expect(applyChangeRules([healthy], itemEnv({ config: {} }), mapping).changes[0]!.change_type).toBe('HealthCheckPassed');
    expect(out.errors).toEqual([]);
  });

  it('excludes by expression, marks ignored changes and templates summaries', () => {
    const node = diffChange({ status: { images: [1] } }, { status: { images: [2] } }, 'Kubernetes::Node');
    const beat: ChangeResult = { external_id: 'p', config_type: 'T', external_change_id: 'h', change_type: 'Heartbeat', summary: 'ping' };
    const out = applyChangeRules([node, beat], itemEnv({ config: {} }), mapping);
    expect(out.excluded).toBe(1);
    expect(out.changes).toMatchObject([{ change_type: 'Heartbeat', action: 'ignore', severity: 'low', summary: 'beat ping' }]);
  });
});
