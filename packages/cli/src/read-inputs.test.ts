import { describe, expect, it } from 'vitest';
import { parseText } from './read-inputs.js';

describe('parseText', () => {
  it('splits YAML documents and flattens lists, keeping source and line', () => {
    const docs = parseText('a: 1\n---\nkind: List\nitems:\n  - b: 2\n  - c: 3\n---\n- d: 4\n', 'f.yaml');
    expect(docs).toEqual([
      { source: 'f.yaml', line: 1, value: { a: 1 } },
      { source: 'f.yaml', line: 5, value: { b: 2 } },
      { source: 'f.yaml', line: 6, value: { c: 3 } },
      { source: 'f.yaml', line: 8, value: { d: 4 } },
    ]);
  });

  it('reads JSON, including {items: [...]}', () => {
    expect(parseText('{"items": [{"a": 1}, {"b": 2}]}', 'x.json').map((d) => d.value)).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('names the source, line and column of a syntax error', () => {
    expect(() => parseText('a: 1\nb: [2,\n', 'bad.yaml')).toThrow(/^bad\.yaml:3:1: invalid YAML or JSON: /);
  });
});
