/** Entry of the `ops` CLI (bin/ops.js calls `main`); also importable to run it in-process. */
export { main } from './main.js';
export type { CliIo } from './io.js';
