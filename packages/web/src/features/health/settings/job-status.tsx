import { useState } from 'react';
import { stringify } from 'yaml';
import { Badge, Button, Dialog } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import type { CanaryJob } from '../api/canary-api';

/** Job status colours of spec 3 §4: RUNNING yellow, SUCCESS green, WARNING orange, FAILED and STOPPED red. */
export function jobStatusClass(status: string): string {
  switch (status) {
    case 'RUNNING':
      return 'border-yellow-500/40 bg-yellow-400/15 text-yellow-700 dark:text-yellow-300';
    case 'SUCCESS':
      return 'border-success/30 bg-success/12 text-success';
    case 'WARNING':
      return 'border-orange-500/40 bg-orange-400/15 text-orange-700 dark:text-orange-300';
    default:
      return 'border-destructive/30 bg-destructive/12 text-destructive';
  }
}

/** A job status badge. */
export function JobStatusBadge({ status }: { status: string }) {
  return <Badge className={cn(jobStatusClass(status))}>{status}</Badge>;
}

/** Job Status cell: the badge plus '(View details)' that opens the run's errors and details. */
export function JobStatusCell({ job }: { job: CanaryJob | undefined }) {
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
