import { useState } from 'react';
import { stringify } from 'yaml';
import { JobStatusBadge } from '../../../components/job-history';
import { Button, Dialog } from '../../../components/ui';
import type { JobHistoryRow } from '../../../lib/job-history-row';

/** Job Status cell: the badge plus '(View details)' that opens the run's errors and details. */
export function JobStatusCell({ job }: { job: JobHistoryRow | undefined }) {
  const [open, setOpen] = useState(false);
  if (!job) return null;
  const errors = job.errors?.length ? job.errors : [];
  const details = job.details && Object.keys(job.details).length ? stringify(job.details) : '';
  return (
    <span className="inline-flex items-center gap-1.5">
      <JobStatusBadge status={job.status} />
      {(errors.length > 0 || details) && (
        <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setOpen(true)}>
          (View details)
        </Button>
      )}
      <Dialog open={open} onOpenChange={setOpen} title={`Details for job ${job.name}`} size="lg">
        {errors.length > 0 && (
          <ul className="mb-3 list-disc pl-5 text-sm text-destructive">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
        {details && <pre className="overflow-auto rounded-md bg-muted p-3 text-xs">{details}</pre>}
      </Dialog>
    </span>
  );
}
