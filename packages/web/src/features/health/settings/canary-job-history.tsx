import { JobHistoryTable } from '../../../components/job-history';
import { canaryJobHistory, canaryKeys } from '../api/canary-api';

/** The Job History tab of a canary: its runs, newest first, paged on the server. */
export function CanaryJobHistory({ canaryId }: { canaryId: string }) {
  return <JobHistoryTable queryKey={canaryKeys.jobs(canaryId)} fetchPage={(page, signal) => canaryJobHistory(canaryId, page, signal)} />;
}
