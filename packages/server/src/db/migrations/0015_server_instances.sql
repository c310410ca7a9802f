-- Server processes and their heartbeat. Leases (claimed_by) and RUNNING job_history rows name the process
-- that owns them (job_history.owner), so that a later start on the same host, or another replica once the
-- heartbeat is stale, can close the runs of a process that died and release its leases at once.
CREATE TABLE server_instances (
  id text PRIMARY KEY,
  hostname text NOT NULL,
  pid integer NOT NULL,
  -- The process's start time as the kernel counts it (/proc/<pid>/stat), so a recycled pid is not taken for it.
  process_start text,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE job_history ADD COLUMN owner text;
CREATE INDEX job_history_running_owner_idx ON job_history (owner) WHERE status = 'RUNNING';
