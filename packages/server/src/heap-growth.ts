// How far the JavaScript heap may grow past what survived the last full collection before the next one.
//
// Why the server sets it: V8 lets the old generation grow to up to four times its live size when
// collections are cheap. The check scheduler promotes each run's short-lived objects (a run lives about
// a second: claimed ahead of its slot, run, then batched into the writer), so at 10,000 checks a minute
// the heap of a ~70 MB live set climbed to ~280 MB between full collections and the process peaked above
// 400 MB RSS. A fixed factor of 2 held it near 270 MB (bench/RESULTS.md, health-scheduler). Not lower: at
// 1.5 the health summary, which allocates megabytes per call, collected so often that its p50 rose from
// 152 to 208 ms (ADR 0005).
import v8 from 'node:v8';

/** Fix V8's heap growing factor at 1 + percent/100; 0 keeps V8's adaptive factor. */
export function applyHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${Math.round(percent)}`);
}
