import { describe, expect, it } from 'vitest';
import { cellText, renderData, renderTable, valueAt } from './output.js';

describe('output', () => {
  it('pads table columns to the widest cell without trailing spaces', () => {
    expect(
      renderTable(
        ['NAME', 'VALUE'],
        [
          ['a.long.name', 'x'],
          ['b', ''],
        ],
      ),
    ).toBe('NAME          VALUE\na.long.name   x\nb\n');
  });

  it('reads dotted paths and shows cells as text', () => {
    const doc = { spec: { value: 'on', list: [1] }, metadata: { name: 'n' } };
    expect(valueAt(doc, 'spec.value')).toBe('on');
    expect(valueAt(doc, 'spec.missing.deeper')).toBeUndefined();
    expect([cellText(null), cellText(3), cellText(valueAt(doc, 'spec.list'))]).toEqual(['', '3', '[1]']);
  });

  it('renders JSON and YAML', () => {
    expect(renderData('json', { a: 1 })).toBe('{\n  "a": 1\n}\n');
    expect(renderData('yaml', { a: [1] })).toBe('a:\n  - 1\n');
  });
});
