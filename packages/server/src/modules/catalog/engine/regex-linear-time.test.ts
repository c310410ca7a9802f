// Catalog patterns run on RE2: star-heavy globs (exclusions, ignore lists, file paths) match in linear
// time, and a scrape config whose CEL expression holds a literal pattern RE2 refuses is refused at save.
import { describe, expect, it } from 'vitest';
import { matchItems } from './pipeline/match-items.js';
import { pathRegExp, segmentRegExp } from './scrapers/glob.js';
import { parseScrapeConfig } from './spec/parse-scrape-config.js';

/** Runs once to compile and warm up, then fails when the second run takes 50 ms or more. */
function fast<T>(run: () => T): T {
  run();
  const t = performance.now();
  const out = run();
  expect(performance.now() - t).toBeLessThan(50);
  return out;
}

const STARS = `${'a*'.repeat(12)}b`;
const LONG = 'a'.repeat(60);

describe('catalog globs', () => {
  it('match star-heavy patterns in linear time (they backtrack for minutes on RegExp)', () => {
    expect(fast(() => matchItems(LONG, [STARS]))).toBe(false);
    expect(fast(() => matchItems(LONG, [`!${STARS}`]))).toBe(true);
    expect(fast(() => segmentRegExp(STARS).test(LONG))).toBe(false);
    expect(fast(() => pathRegExp(`x/**/${STARS}`).test(`x/y/${LONG}`))).toBe(false);
  });

  it('keep their meaning', () => {
    expect(matchItems('Kubernetes::Pod', ['Kubernetes::*', '!*::Secret'])).toBe(true);
    expect(matchItems('Kubernetes::Secret', ['Kubernetes::*', '!*::Secret'])).toBe(false);
    expect(segmentRegExp('*.{json,yaml}').test('a.yaml')).toBe(true);
    expect(segmentRegExp('[!a]?.log').test('bc.log')).toBe(true);
    expect(pathRegExp('sub/**/*.json').test('sub/deep/d.json')).toBe(true);
  });
});

describe('scrape config validation', () => {
  const doc = (expr: string) => ({
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    metadata: { name: 'x' },
    spec: { file: [{ type: 'T', id: '$.id', paths: ['a.json'], transform: { expr } }] },
  });

  it('refuses a CEL literal pattern RE2 cannot run, naming the field and the construct', () => {
    expect(() => parseScrapeConfig(doc("config.name.matches('(a)\\\\1')"))).toThrow(
      'spec.file[0].transform.expr: cel: 1:21: invalid regular expression "(a)\\\\1": backreference \\1 is not supported',
    );
    expect(parseScrapeConfig(doc("config.name.matches('^(a+)+$')")).name).toBe('x');
  });
});
