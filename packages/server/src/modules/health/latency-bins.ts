// The latency histogram of the rollups: fixed bins in milliseconds, mirrored by check_latency_bounds()
// in migration 0003 (an integration test holds the two equal).

/** Upper bounds (exclusive) of the bins; bin 1 holds runs under 1 ms, the last one runs of 300 s or more. */
export const LATENCY_BOUNDS = [
  1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000, 1500, 2000, 3000, 5000, 7000, 10000, 15000, 20000, 30000,
  50000, 70000, 100000, 150000, 200000, 300000,
] as const;

/** The histogram columns of check_statuses_1h / _1d, in bin order: h01 … h34. */
export const HIST_COLUMNS: readonly string[] = Array.from(
  { length: LATENCY_BOUNDS.length + 1 },
  (_, i) => `h${String(i + 1).padStart(2, '0')}`,
);
