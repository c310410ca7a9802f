import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.js';
import { parseDocuments } from './parse-documents.js';

function parseError(text: string, format: 'json' | 'yaml'): HttpError {
  try {
    parseDocuments(text, format);
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('expected a parse error');
}

describe('parseDocuments', () => {
  it('splits multi-document YAML, numbering documents and keeping their first line', () => {
    expect(parseDocuments('a: 1\n---\n\n# note\nb: 2\n---\n', 'yaml')).toEqual([
      { index: 1, line: 1, value: { a: 1 } },
      { index: 2, line: 5, value: { b: 2 } },
    ]);
  });

  it('flattens top-level sequences and List wrappers', () => {
    expect(parseDocuments('- a: 1\n- b: 2\n', 'yaml').map((d) => [d.index, d.line])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    const list = parseDocuments('kind: List\nitems:\n  - a: 1\n  - b: 2\n---\nc: 3\n', 'yaml');
    expect(list.map((d) => d.value)).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
    expect(list.map((d) => d.line)).toEqual([3, 4, 6]);
  });

  it('keeps a document whose own kind is not a List even when it has items', () => {
    expect(parseDocuments('kind: Playbook\nitems: [1]\n', 'yaml')).toHaveLength(1);
  });

  it('reads JSON as one object, an array or {items}', () => {
    expect(parseDocuments('{"a":1}', 'json')).toEqual([{ index: 1, value: { a: 1 } }]);
    expect(parseDocuments('[{"a":1},{"b":2}]', 'json')).toHaveLength(2);
    expect(parseDocuments('{"items":[{"a":1}]}', 'json')).toEqual([{ index: 1, value: { a: 1 } }]);
  });

  it('reports syntax errors as 400 with line and column', () => {
    const yaml = parseError('a: 1\nb: [1,\nc: d\n', 'yaml');
    expect(yaml.statusCode).toBe(400);
    expect(yaml.message).toMatch(/^invalid YAML at line 3, column 1: /);
    expect(yaml.details).toEqual({ line: 3, column: 1 });
    const json = parseError('{\n  "a": 1\n  "b": 2\n}', 'json');
    expect(json.message).toMatch(/^invalid JSON at line 3, column 3: /);
  });

  it('refuses a body without documents', () => {
    expect(parseError('  \n', 'yaml').message).toBe('the request body holds no documents');
    expect(parseError('---\n# only a comment\n', 'yaml').message).toBe('the request body holds no documents');
    expect(parseError('[]', 'json').message).toBe('the request body holds no documents');
  });
});
