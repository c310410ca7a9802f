import { useState } from 'react';
import { stringify } from 'yaml';
import { Badge, Button, Dialog, type BadgeVariant } from '../../../components/ui';
import type { CanaryJob } from '../api/canary-api';

/** Job status colours of spec 3 §4: RUNNING yellow, SUCCESS green, WARNING orange, FAILED and STOPPED red. */
export function jobStatusStyle(status: string): { variant: BadgeVariant; className?: string } {
  switch (status) {
    case 'RUNNING':
      return { variant: 'outline', className: 'border-yellow-500/40 bg-yellow-400/15 text-yellow-700 dark:text-yellow-300' };
    case 'SUCCESS':
      return { variant: 'success' };
    case 'WARNING':
      return { variant: 'warning' };
    default:
      return { variant: 'destructive' };
  }
}

/** A job status badge. */
export function JobStatusBadge({ status }: { status: string }) {
  const style = jobStatusStyle(status);
  return (
    <Badge variant={style.variant} className={style.className}>
      {status}
    </Badge>
  );
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
