import { describe, expect, it } from 'vitest';
import { parseContent } from './parse-content.js';

describe('parseContent', () => {
  it('parses JSON bodies, keeping the last of duplicate keys as the YAML path does', () => {
    expect(parseContent('{"a": 1, "b": [true, null], "a": 2}')).toEqual({ a: 2, b: [true, null] });
    expect(parseContent('[{"x": "y"}]', 'json')).toEqual([{ x: 'y' }]);
  });

  it('falls back to YAML for flow documents that only look like JSON, and for multi-document streams', () => {
    expect(parseContent('{a: 1, b: two}')).toEqual({ a: 1, b: 'two' });
    expect(parseContent('a: 1\n---\nb: 2\n', 'yaml')).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('names the format of invalid content and keeps unknown formats as text', () => {
    expect(() => parseContent('{"a": [1,', 'json')).toThrow(/^invalid json: /);
    expect(parseContent('<a/>', 'xml')).toEqual({ format: 'xml', content: '<a/>' });
  });
});
