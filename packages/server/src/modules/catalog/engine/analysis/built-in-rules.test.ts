import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BUILTIN_CHANGE_RULES } from '../changes/change-rules.js';
import { BUILTIN_ANALYZER_RULES, rateAnalysis } from './analysis-rules.js';

// Our built-in rules are our own data; config-db's rule files are only used here to check that
// they rate findings and map changes the same way.

const REPO = fileURLToPath(new URL('../../../../../../../', import.meta.url));
const SCRAPERS = path.resolve(REPO, '../shared/conformance/config-db/scrapers');

describe('built-in rules', () => {
  it('rate every analyzer of config-db analysis rules the same way', () => {
    const upstream = parse(readFileSync(path.join(SCRAPERS, 'analysis/rules.yaml'), 'utf8')) as Record<
      string,
      { category: string; severity: string }
    >;
    expect(Object.keys(BUILTIN_ANALYZER_RULES).sort()).toEqual(Object.keys(upstream).sort());
    for (const [analyzer, rule] of Object.entries(upstream)) {
      const rated = rateAnalysis({ external_id: 'x', config_type: 'T', analyzer, analysis_type: 'other', severity: 'info' });
      expect([analyzer, rated.analysis_type, rated.severity]).toEqual([analyzer, rule.category, rule.severity]);
    }
  });

  it('leave unknown analyzers as reported, defaulting to other/info', () => {
    expect(rateAnalysis({ external_id: 'x', config_type: 'T', analyzer: 'custom', analysis_type: 'cost', severity: 'high' })).toMatchObject(
      { analysis_type: 'cost', severity: 'high' },
    );
    expect(rateAnalysis({ external_id: 'x', config_type: 'T', analyzer: 'custom', analysis_type: '', severity: '' })).toMatchObject({
      analysis_type: 'other',
      severity: 'info',
    });
    expect(rateAnalysis({ external_id: 'x', config_type: 'T', analyzer: 'toString', analysis_type: '', severity: '' }).analysis_type).toBe(
      'other',
    );
  });

  it('define the same change rules as config-db (none at the pinned version)', () => {
    const upstream = parse(readFileSync(path.join(SCRAPERS, 'changes/rules.yaml'), 'utf8')) as unknown[] | null;
    expect(BUILTIN_CHANGE_RULES.length).toBe((upstream ?? []).length);
  });
});
