import { describe, expect, it } from 'vitest';
import { compiled } from '../../../test/compile-sql.js';
import { parseTagSelector, tagConditions } from './tag-selector.js';


describe('parseTagSelector', () => {
  it('reads equality, inequality, set and existence requirements', () => {
    expect(parseTagSelector('env=prod, team!=ops,app in (a, b),tier notin (db),cluster,!legacy')).toEqual([
      { key: 'env', op: 'in', values: ['prod'] },
      { key: 'team', op: 'notin', values: ['ops'] },
      { key: 'app', op: 'in', values: ['a', 'b'] },
      { key: 'tier', op: 'notin', values: ['db'] },
      { key: 'cluster', op: 'exists' },
      { key: 'legacy', op: 'missing' },
    ]);
  });

  it("reads the web's chip form", () => {
    expect(parseTagSelector('namespace____default,cluster____aws:-1')).toEqual([
      { key: 'namespace', op: 'in', values: ['default'] },
      { key: 'cluster', op: 'notin', values: ['aws'] },
    ]);
  });

  it('refuses malformed requirements naming them', () => {
    expect(() => parseTagSelector('a in ()')).toThrow(/'a in \(\)'/);
    expect(() => parseTagSelector('a = b = c')).toThrow(/is not a tag requirement/);
  });

  it('builds NULL-safe SQL', () => {
    const q = compiled(tagConditions('ci.tags', parseTagSelector('a notin (x)')));
    expect(q.sql).toBe('(ci.tags->>$1 IS NULL OR NOT ci.tags->>$2 = ANY($3::text[]))');
    expect(q.parameters).toEqual(['a', 'a', ['x']]);
  });
});
