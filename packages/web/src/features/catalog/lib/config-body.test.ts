import { describe, expect, it } from 'vitest';
import { configBodyLines, sortKeysDeep } from './config-body';
import { nextSelection, readSelectedLines, withSelectedLines } from './selected-lines';

describe('config body', () => {
  const body = { spec: { replicas: 2, image: 'nginx' }, apiVersion: 'v1', items: [{ b: 1, a: 2 }] };

  it('sorts keys at every depth and keeps array order', () => {
    expect(JSON.stringify(sortKeysDeep(body))).toBe('{"apiVersion":"v1","items":[{"a":2,"b":1}],"spec":{"image":"nginx","replicas":2}}');
  });

  it('shows JSON by default, pretty-printed', () => {
    const lines = configBodyLines(body, null);
    expect(lines[0]).toBe('{');
    expect(lines[1]).toBe('  "apiVersion": "v1",');
    expect(lines.at(-1)).toBe('}');
  });

  it('shows YAML and properties in their own format', () => {
    expect(configBodyLines({ b: 1, a: { y: 2, x: 1 } }, 'yaml')).toEqual(['a:', '  x: 1', '  y: 2', 'b: 1']);
    expect(configBodyLines({ max_connections: '100', listen: '*' }, 'properties')).toEqual(['listen=*', 'max_connections=100']);
  });

  it('shows text bodies as written and nothing for a missing body', () => {
    expect(configBodyLines('a=1\nb=2\n', 'properties')).toEqual(['a=1', 'b=2']);
    expect(configBodyLines(null, 'json')).toEqual([]);
  });
});

describe('selected lines in the URL', () => {
  it('reads repeated selected params', () => {
    expect(readSelectedLines(new URLSearchParams('selected=5&selected=2&selected=x&selected=5&selected=0'))).toEqual([2, 5]);
  });

  it('toggles a line, and shift-click selects a range from the anchor', () => {
    expect(nextSelection([2], 5, 2, false)).toEqual([2, 5]);
    expect(nextSelection([2, 5], 5, 2, false)).toEqual([2]);
    expect(nextSelection([2], 5, 2, true)).toEqual([2, 3, 4, 5]);
    expect(nextSelection([], 5, null, true)).toEqual([5]);
  });

  it('writes the selection back, keeping other params', () => {
    expect(withSelectedLines(new URLSearchParams('tab=config&selected=1'), [3, 4]).toString()).toBe('tab=config&selected=3&selected=4');
  });
});
