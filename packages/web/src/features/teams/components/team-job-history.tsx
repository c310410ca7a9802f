import { JobHistoryTable } from '../../../components/job-history';
import { teamJobHistory, teamKeys } from '../api/teams-api';

/** The Job History tab of a team: runs of jobs about this team, newest first, paged on the server. */
export function TeamJobHistory({ teamId }: { teamId: string }) {
  return <JobHistoryTable queryKey={teamKeys.jobs(teamId)} fetchPage={(page, signal) => teamJobHistory(teamId, page, signal)} />;
}
