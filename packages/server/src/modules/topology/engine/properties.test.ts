import { describe, expect, it } from 'vitest';
import { propertyLookupResults } from './properties.js';

describe('property lookups', () => {
  it('merges results into the property of the same name, later fields winning', () => {
    const { properties } = propertyLookupResults({ name: 'lookup' }, [
      '[{"name": "error_percentage", "max": 100}]',
      '{"name": "error_percentage", "value": 10}',
      { name: 'owner', text: 'team-a' },
    ]);
    expect(properties).toEqual([
      { name: 'error_percentage', max: 100, value: 10 },
      { name: 'owner', text: 'team-a' },
    ]);
  });

  it('takes a plain result as the text of the property, and a component list as properties of named components', () => {
    expect(propertyLookupResults({ name: 'version', unit: 'v' }, ['42']).properties).toEqual([{ name: 'version', unit: 'v', text: '42' }]);
    const { byComponent, properties } = propertyLookupResults({ name: 'x' }, [
      '[{"name": "a", "properties": [{"name": "cpu", "value": "3"}]}]',
    ]);
    expect(properties).toEqual([]);
    expect(byComponent).toEqual([{ name: 'a', properties: [{ name: 'cpu', value: 3 }] }]);
  });
});
