-- Jobs and events: the tick claim of periodic schedules and the wake-up of event consumers.

-- One row per periodic schedule (jobs/schedules.ts). last_tick is the latest tick any server process
-- claimed; a tick is claimed by moving last_tick forward, which only one process can do, so a schedule
-- fires once per tick however many processes share the database.
CREATE TABLE job_schedules (
  name text PRIMARY KEY,
  cron text NOT NULL,
  last_tick timestamptz NOT NULL,
  claimed_by text,
  claimed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Consumers LISTEN on 'event_queue'; one notification per inserting statement is enough to wake them.
CREATE FUNCTION event_queue_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('event_queue', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER event_queue_notify AFTER INSERT ON event_queue FOR EACH STATEMENT EXECUTE FUNCTION event_queue_notify();

-- Runs left RUNNING by a process that died are found by this partial index (retention marks them STOPPED).
CREATE INDEX job_history_running_idx ON job_history (time_start) WHERE status = 'RUNNING';
