// Test fixture (run-untrusted.test.ts): a small "server" that starts one untrusted run whose script
// leaves a background child, prints "started" once both are running, and waits to be killed with SIGKILL.
import { runUntrusted } from './run-untrusted.js';

const [bg, fg] = process.argv.slice(2) as [string, string];
const ac = new AbortController();
void runUntrusted(
  { script: `sleep ${bg} & sleep ${fg}`, env: {}, signal: ac.signal, maxOutputBytes: 1024, onOutputLimit: 'truncate' },
  async () => undefined,
);
setTimeout(() => console.log('started'), 1500);
