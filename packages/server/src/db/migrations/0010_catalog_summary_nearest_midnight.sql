-- The summary counters' day is the UTC midnight nearest to the start of the default 30-day window (ADR 0006,
-- amendment of 2026-11-27), so a summary adds or subtracts at most twelve hours of rows. The
-- catalog-summary-window job keeps it there; this moves it once so the counters hold from the start.
SELECT catalog_summary_window_move(((now() AT TIME ZONE 'UTC') - interval '30 days' + interval '12 hours')::date);
