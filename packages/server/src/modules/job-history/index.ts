// Job history (the `job_history` rows every background run writes) as the schedule list uses it: the
// retention job. The job machinery in src/jobs is this module's storage client and reads its service and
// types files directly: through this file it would loop back (the retention job needs that machinery).
export { jobHistoryRetention } from './job-history-retention.job.js';
