// Finding processes by their exact command line, for tests that prove a run left nothing behind.
import { readdirSync, readFileSync } from 'node:fs';

/** Pids of processes whose command line is exactly `argv` (read from /proc). */
export function pidsOf(argv: string[]): number[] {
  const want = argv.join('\0') + '\0';
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/cmdline`, 'utf8') === want;
      } catch {
        return false; // the process ended while we looked
      }
    })
    .map(Number);
}
