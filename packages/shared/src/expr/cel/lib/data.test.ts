import { describe, expect, it } from 'vitest';
import { evaluateCel } from '../index.js';

const pod = {
  kind: 'Pod',
  metadata: { name: 'api', labels: { app: 'api', env: 'prod' } },
  spec: { volumes: [{ name: 'a', persistentVolumeClaim: { claimName: 'data' } }, { name: 'b' }] },
  status: { conditions: [{ type: 'Healthy', message: 'Health check passed' }] },
};

describe('CEL data functions', () => {
  it.each<[string, unknown]>([
    ['\'{"name": "Alice", "age": 30}\'.JSON().age', 30],
    ['\'[{"name": "Alice"}]\'.JSONArray()[0].name', 'Alice'],
    ['json.decode(\'{"a": [1]}\').a[0]', 1],
    ['json.encode({"b": 1, "a": 2})', '{"a":2,"b":1}'],
    ['[{"name": "John"}].toJSON()', '[{"name":"John"}]'],
    ['1.toJSON()', '1'],
    ['toJSON({"a": 1})', '{"a":1}'],
    ["{'name': 'aditya'}.toJSONPretty('  ')", '{\n  "name": "aditya"\n}'],
    ['jq(".name", {"name": "John", "age": 30})', 'John'],
    ['jq("{name, age}", {"name": "John", "age": 30, "city": "NY"})', { name: 'John', age: 30 }],
    ['jq(".[] | select(.age > 25)", [{"name": "John", "age": 30}, {"name": "Jane", "age": 25}])', { name: 'John', age: 30 }],
    ['jsonpath("$.name", {"name": "John"})', 'John'],
    ['jsonpath("$.items[0]", {"items": ["apple", "banana"]})', 'apple'],
    ['jsonpath("$.user.email", \'{"user": {"email": "j@x"}}\')', 'j@x'],
    ['matchLabel({"region": "us-east-1"}, "region", "us-*")', true],
    ['matchLabel({"env": "prod"}, "optional", "!*")', true],
    ["k8s.cpuAsMillicores('10m')", 10],
    ["k8s.cpuAsMillicores('0.5')", 500],
    ["k8s.memoryAsBytes('10Ki')", 10240],
    ["k8s.memoryAsBytes('1.234Gi')", 1324997410],
  ])('%s', (expr, want) => expect(evaluateCel(expr)).toEqual(want));

  it('evaluates the config-db kubernetes relationship and change expressions', () => {
    expect(
      evaluateCel(
        `config.spec.volumes.filter(item, has(item.persistentVolumeClaim)).map(item, {"type": "Kubernetes::PersistentVolumeClaim", "name": item.persistentVolumeClaim.claimName}).toJSON()`,
        { config: pod },
      ),
    ).toBe('[{"name":"data","type":"Kubernetes::PersistentVolumeClaim"}]');
    expect(
      evaluateCel(
        `change_type == 'diff' && jq('.status.conditions[]? | select(.type == "Healthy").message', patch).contains('Health check passed')`,
        { change_type: 'diff', patch: pod },
      ),
    ).toBe(true);
    expect(evaluateCel("has(config.kind) ? config.kind == 'Certificate' : false", { config: pod })).toBe(false);
  });

  it('names bad JSON and jq errors', () => {
    expect(() => evaluateCel("'{x'.JSON()")).toThrow(/cel: 1:1: invalid JSON/);
    expect(() => evaluateCel("'{}'.JSONArray()")).toThrow('JSONArray: the text is not a JSON array');
    expect(() => evaluateCel("jq('.[', {})")).toThrow('jq: 1:3: syntax error: unexpected end of input');
    expect(() => evaluateCel("k8s.memoryAsBytes('lots')")).toThrow('invalid memory quantity "lots"');
  });
});
