import { useState } from 'react';
import { JobHistoryTable, jobHistoryTabColumns } from '../../../components/job-history';
import type { JobHistoryRow } from '../../../lib/job-history-row';
import { catalogKeys } from '../api/catalog-keys';
import { scraperJobHistory } from '../api/scrapers-api';
import { JobDetailsDialog } from './job-details-dialog';

// Every run of a scraper has the same job name, so the tab leaves that column out.
const COLUMNS = jobHistoryTabColumns({ name: false });

/** The Job History tab of a scraper: its runs, newest first, paged on the server; a row opens the run's summary. */
export function ScraperJobHistory({ scraperId }: { scraperId: string }) {
  const [open, setOpen] = useState<JobHistoryRow | null>(null);
  return (
    <>
      <JobHistoryTable
        queryKey={catalogKeys.scraperJobs(scraperId)}
        fetchPage={(page, signal) => scraperJobHistory(scraperId, page, signal)}
        columns={COLUMNS}
        onRowClick={setOpen}
      />
      <JobDetailsDialog name={open ? open.name : null} details={open?.details} errors={open?.errors} onClose={() => setOpen(null)} />
    </>
  );
}
