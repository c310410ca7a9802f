import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SCRAPER_ENTRY_SCHEMAS, scrapeConfigJsonSchema, scrapeConfigSchema } from './scrape-config-spec.zod.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('ScrapeConfig JSON Schema derived from the zod schema', () => {
  const schema = scrapeConfigJsonSchema() as Json;
  const spec = schema.properties.spec as Json;

  it('has every scraper type the engine runs, with what each requires', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.properties.apiVersion).toMatchObject({ const: 'configs.flanksource.com/v1' });
    expect(schema.required).toEqual(['metadata', 'spec']);
    expect(Object.keys(SCRAPER_ENTRY_SCHEMAS)).toEqual(['file', 'exec', 'http', 'sql', 'kubernetes']);
    for (const type of Object.keys(SCRAPER_ENTRY_SCHEMAS)) expect(spec.properties[type], type).toMatchObject({ type: 'array' });
    expect([...spec.properties.sql.items.required].sort()).toEqual(['connection', 'id', 'query', 'type']);
    expect(spec.properties.kubernetes.items.properties.maxInFlight).toMatchObject({ type: 'integer', minimum: 1 });
  });

  it('carries descriptions and the duration pattern of retention ages', () => {
    expect(spec.properties.schedule.description).toMatch(/@every 60m/);
    const age = spec.properties.retention.properties.staleItemAge;
    expect(age.description).toMatch(/72h/);
    expect(new RegExp(age.pattern).test('1h30m')).toBe(true);
    expect(new RegExp(age.pattern).test('three days')).toBe(false);
  });

  it('shows a field added to a scraper type, by itself', () => {
    const extended = scrapeConfigSchema.extend({
      spec: scrapeConfigSchema.shape.spec.extend({
        file: z.array(SCRAPER_ENTRY_SCHEMAS.file.extend({ encoding: z.enum(['utf8', 'latin1']).optional() })).optional(),
      }),
    });
    const file = (z.toJSONSchema(extended, { target: 'draft-7', io: 'input' }) as Json).properties.spec.properties.file.items;
    expect(file.properties.encoding).toMatchObject({ enum: ['utf8', 'latin1'] });
    expect(spec.properties.file.items.properties.encoding).toBeUndefined();
  });
});

describe('scrapeConfigSchema', () => {
  it('refuses a bad retention age with the message the server gives, and accepts blanks around one', () => {
    const doc = (age: string) => ({ metadata: { name: 'x' }, spec: { retention: { changes: [{ name: 'c', age }] } } });
    const bad = scrapeConfigSchema.safeParse(doc('three days'));
    expect(bad.success ? [] : bad.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'spec.retention.changes.0.age: must be a duration such as 72h, 8d or 30m',
    ]);
    for (const ok of ['0', ' 72h ', '1h30m', '.5h', '8d', '2w', '100µs'])
      expect(scrapeConfigSchema.safeParse(doc(ok)).success, ok).toBe(true);
    for (const no of ['', '5', '5x', 'h', '1h 30m']) expect(scrapeConfigSchema.safeParse(doc(no)).success, no).toBe(false);
  });
});
