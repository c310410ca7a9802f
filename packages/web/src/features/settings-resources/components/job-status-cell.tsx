import { JobStatusBadge, jobDetailTabs, type JobDetailsSource } from '../../../components/job-history';
import { Button } from '../../../components/ui';

/** Job Status: the latest run's badge, and '(View details)' when the run has errors or a summary to show. */
export function JobStatusCell({ status, job, onDetails }: { status: string; job: JobDetailsSource | null; onDetails: () => void }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <JobStatusBadge status={status} />
      {job && jobDetailTabs(job).length > 0 && (
        <Button variant="link" size="sm" className="h-auto px-0" onClick={onDetails}>
          (View details)
        </Button>
      )}
    </span>
  );
}
