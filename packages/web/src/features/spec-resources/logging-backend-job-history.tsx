import { JobHistoryTable } from '../../components/job-history';
import { loggingBackendJobHistory, loggingBackendKeys } from './logging-backend-api';

/** The Job History tab of a log backend: jobs recorded against it, newest first, paged on the server. */
export function LoggingBackendJobHistory({ backendId }: { backendId: string }) {
  return (
    <JobHistoryTable
      queryKey={loggingBackendKeys.jobs(backendId)}
      fetchPage={(page, signal) => loggingBackendJobHistory(backendId, page, signal)}
    />
  );
}
