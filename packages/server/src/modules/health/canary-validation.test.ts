import { describe, expect, it } from 'vitest';
import { canarySpecSchema, pathSegments, scheduleSchema, specIssues } from './canary-validation.js';

describe('canary spec validation for the data API', () => {
  it('splits field paths into zod path segments', () => {
    expect(pathSegments('spec.http[0].url')).toEqual(['spec', 'http', 0, 'url']);
    expect(pathSegments('spec.schedule')).toEqual(['spec', 'schedule']);
  });

  it('refuses what the engine refuses, naming the field', () => {
    expect(specIssues({ schedule: '8 46 *' })[0]).toMatchObject({ path: 'spec.schedule' });
    const r = canarySpecSchema.safeParse({ schedule: '@every 1m', http: [{ name: 'x' }] });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toMatch(/^spec\.http\[0\]/);
    expect(canarySpecSchema.safeParse({ schedule: '@every 1m', exec: [{ name: 'ok', script: 'true' }] }).success).toBe(true);
  });

  it('checks a schedule written on its own', () => {
    expect(scheduleSchema.safeParse('*/5 * * * *').success).toBe(true);
    expect(scheduleSchema.safeParse('now and then').success).toBe(false);
  });
});
