import { JobHistoryTable } from '../../components/job-history';
import { topologyJobHistory, topologySpecKeys } from './topology-api';

/** The Job History tab of a topology: its runs (applied, scheduled, run now), newest first, paged on the server. */
export function TopologyJobHistory({ topologyId }: { topologyId: string }) {
  return (
    <JobHistoryTable
      queryKey={topologySpecKeys.jobs(topologyId)}
      fetchPage={(page, signal) => topologyJobHistory(topologyId, page, signal)}
    />
  );
}
