import { Dialog, Tabs, TabsContent, TabsList, TabsTrigger } from '../ui';
import { JOB_DETAIL_TAB_LABELS, jobDetailTabs, jobErrors, type JobDetailTab } from './job-details';
import type { JobHistoryRow } from '../../lib/job-history-row';
import { SummaryView } from './summary-view';

/** What the dialog shows of a run: a job history row, or the latest run a list row carries (integrations). */
export type JobDetailsSource = Pick<JobHistoryRow, 'name' | 'details' | 'errors'>;

function ErrorList({ job }: { job: JobDetailsSource }) {
  return (
    <ul className="grid max-h-[60vh] gap-2 overflow-auto">
      {jobErrors(job).map((e, i) => (
        <li key={i} className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm">
          <p className="whitespace-pre-wrap break-words font-mono text-xs">{e.message}</p>
          {e.extra && <pre className="mt-1 overflow-auto text-xs text-muted-foreground">{JSON.stringify(e.extra, null, 2)}</pre>}
        </li>
      ))}
    </ul>
  );
}

function TabBody({ tab, job }: { tab: JobDetailTab; job: JobDetailsSource }) {
  if (tab === 'errors') return <ErrorList job={job} />;
  return <SummaryView value={job.details?.[tab]} label={JOB_DETAIL_TAB_LABELS[tab]} />;
}

/**
 * 'Details for job {name}' with the tabs Errors, Scrape Summary and Reconcile Summary — only those
 * with content. Renders nothing when no tab has content (the page then opens no dialog).
 */
export function JobDetailsDialog({ job, onClose }: { job: JobDetailsSource | null; onClose: () => void }) {
  const tabs = job ? jobDetailTabs(job) : [];
  if (!job || !tabs.length) return null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Details for job ${job.name}`} size="lg">
      <Tabs defaultValue={tabs[0]}>
        <TabsList>
          {tabs.map((t) => (
            <TabsTrigger key={t} value={t}>
              {JOB_DETAIL_TAB_LABELS[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((t) => (
          <TabsContent key={t} value={t}>
            <TabBody tab={t} job={job} />
          </TabsContent>
        ))}
      </Tabs>
    </Dialog>
  );
}
