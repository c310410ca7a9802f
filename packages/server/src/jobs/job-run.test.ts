import { describe, expect, it } from 'vitest';
import { JobRunState, messageOf } from './job-run.js';

const start = new Date('2024-01-01T00:00:00.000Z');
const end = new Date('2024-01-01T00:00:01.250Z');
const run = (aborted = false) => {
  const c = new AbortController();
  if (aborted) c.abort();
  return new JobRunState('id', c.signal, start);
};

describe('job run status', () => {
  it('is SUCCESS without errors and WARNING when warned', () => {
    const r = run();
    r.success(2);
    expect(r.finish(undefined, end)).toMatchObject({ status: 'SUCCESS', successCount: 2, errorCount: 0, durationMillis: 1250, errors: [] });
    const w = run();
    w.warn('partial source');
    expect(w.finish(undefined, end)).toMatchObject({
      status: 'WARNING',
      errors: ['partial source'],
      details: { errors: ['partial source'] },
    });
  });

  it('is WARNING with errors and successes, FAILED with errors only or a throw, STOPPED when aborted', () => {
    const mixed = run();
    mixed.success();
    mixed.error(new Error('one bad'));
    expect(mixed.finish(undefined, end).status).toBe('WARNING');
    const bad = run();
    bad.error('x');
    expect(bad.finish(undefined, end).status).toBe('FAILED');
    const threw = run();
    threw.success(5);
    expect(threw.finish({ error: new Error('boom') }, end)).toMatchObject({
      status: 'FAILED',
      successCount: 5,
      errorCount: 1,
      errors: ['boom'],
    });
    expect(run(true).finish({ error: new Error('aborted') }, end).status).toBe('STOPPED');
  });

  it('keeps details and caps the kept messages but not the count', () => {
    const r = run();
    r.details.scrape_summary = { added: 1 };
    for (let i = 0; i < 150; i++) r.error(`e${i}`);
    const f = r.finish(undefined, end);
    expect(f.errorCount).toBe(150);
    expect(f.errors).toHaveLength(100);
    expect(f.details).toMatchObject({ scrape_summary: { added: 1 } });
  });

  it('turns anything thrown into a message', () => {
    expect(messageOf(new Error('m'))).toBe('m');
    expect(messageOf('s')).toBe('s');
    expect(messageOf({ a: 1 })).toBe('{"a":1}');
    expect(messageOf(undefined)).toBe('undefined');
  });
});
