import { jobDetailTabs } from '../../../components/job-history';
import { describe, expect, it } from 'vitest';
import type { ResourceListRow } from '../api/resource-list-api';
import { latestJob } from './latest-job';

const row = (extra: Partial<ResourceListRow>): ResourceListRow => ({ id: 'r1', name: 'web', ...extra });

describe('the latest run of a list row', () => {
  it('is nothing for a row that never ran', () => {
    expect(latestJob({ jobDetails: 'details' }, row({}))).toBeNull();
  });

  it('keeps a run’s details and errors, and names it by its job (or the row)', () => {
    const job = latestJob(
      { jobDetails: 'details' },
      row({
        job_status: 'FAILED',
        job_name: 'canary-run',
        job_details: { summary: { passed: 0, failed: 1 } },
        job_errors: ['http/web: 500'],
      }),
    );
    expect(job).toEqual({ name: 'canary-run', details: { summary: { passed: 0, failed: 1 } }, errors: ['http/web: 500'] });
    expect(jobDetailTabs(job!)).toEqual(['errors', 'summary']);
    expect(latestJob({ jobDetails: 'details' }, row({ job_status: 'SUCCESS' }))?.name).toBe('web');
  });

  it('puts a scraper’s scrape summary back under its key, so the dialog shows its tab', () => {
    const job = latestJob({ jobDetails: 'scrape_summary' }, row({ job_status: 'SUCCESS', job_details: { scraped: 3 }, job_errors: [] }));
    expect(job?.details).toEqual({ scrape_summary: { scraped: 3 } });
    expect(jobDetailTabs(job!)).toEqual(['scrape_summary']);
    expect(latestJob({ jobDetails: 'scrape_summary' }, row({ job_status: 'SUCCESS', job_details: null }))?.details).toBeNull();
  });
});
