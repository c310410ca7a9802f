import { describe, expect, it } from 'vitest';
import { jobDetailTabs, jobErrors } from './job-details';

describe('job detail tabs', () => {
  it('has no tabs (so no dialog) for a run without details', () => {
    expect(jobDetailTabs({ details: {}, errors: [] })).toEqual([]);
    expect(jobDetailTabs({ details: null, errors: [] })).toEqual([]);
    expect(jobDetailTabs({ details: { errors: [], scrape_summary: {}, summary: '' }, errors: [] })).toEqual([]);
  });

  it('shows only the tabs that have content, in order', () => {
    expect(jobDetailTabs({ details: { summary: { added: 1 } }, errors: [] })).toEqual(['summary']);
    expect(jobDetailTabs({ details: { scrape_summary: { pods: { added: 2 } } }, errors: ['boom'] })).toEqual(['errors', 'scrape_summary']);
  });
});

describe('jobErrors', () => {
  it('reads a string, a list and a map of error objects', () => {
    expect(jobErrors({ details: { errors: 'timeout' }, errors: [] })).toEqual([{ message: 'timeout' }]);
    expect(jobErrors({ details: { errors: ['a', { error: 'b', code: 7 }] }, errors: [] })).toEqual([
      { message: 'a' },
      { message: 'b', extra: { code: 7 } },
    ]);
    expect(jobErrors({ details: { errors: { pod: { message: 'not found' }, svc: 'denied' } }, errors: [] })).toEqual([
      { message: 'pod: not found' },
      { message: 'svc: denied' },
    ]);
  });

  it('adds the errors column without repeating what details already holds', () => {
    expect(jobErrors({ details: { errors: ['x'] }, errors: ['x', 'y', ' '] })).toEqual([{ message: 'x' }, { message: 'y' }]);
  });
});
