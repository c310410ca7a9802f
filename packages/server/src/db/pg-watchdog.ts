// The supervisor of the embedded PostgreSQL: a small detached node process started beside it that stops
// it (SIGINT, PostgreSQL's fast shutdown, as `pg_ctl stop -m fast` sends) when the server process is gone,
// even after SIGKILL, which no exit hook of the server survives. It exits when PostgreSQL stops.
// The script is plain JavaScript run with `node -e`, so it needs no build step nor TypeScript loader.
import { spawn } from 'node:child_process';
import { processStartOf } from '../jobs/instance.js';

// argv: serverPid serverStart postmasterPid postmasterStart. A pid counts as the same process only while
// /proc/<pid>/stat shows the start time it had (a recycled pid is another process).
const SCRIPT = `
const fs = require('node:fs');
const [serverPid, serverStart, pmPid, pmStart] = process.argv.slice(1);
const startOf = (pid) => { try { const s = fs.readFileSync('/proc/' + pid + '/stat', 'utf8'); const f = s.slice(s.lastIndexOf(')') + 2).split(' '); return f[0] === 'Z' ? 'zombie' : f[19]; } catch { return undefined; } };
const alive = (pid, start) => {
  if (start !== '-') return startOf(pid) === start;
  try { process.kill(Number(pid), 0); return true; } catch (e) { return e.code === 'EPERM'; }
};
const signal = (s) => { try { process.kill(Number(pmPid), s); } catch {} };
let stopping = 0;
setInterval(() => {
  if (!alive(pmPid, pmStart)) process.exit(0);
  if (!stopping && !alive(serverPid, serverStart)) { stopping = Date.now(); signal('SIGINT'); }
  else if (stopping && Date.now() - stopping > 60000) { signal('SIGQUIT'); process.exit(0); }
}, 500);
`;

/**
 * Start the watchdog of the postmaster `postmasterPid` for this process; returns its pid. It runs in its own
 * session (a Ctrl-C or kill of the server's process group does not reach it) and holds no handle of ours.
 */
export function startPgWatchdog(postmasterPid: number): number | undefined {
  const child = spawn(
    process.execPath,
    ['-e', SCRIPT, String(process.pid), processStartOf(process.pid) ?? '-', String(postmasterPid), processStartOf(postmasterPid) ?? '-'],
    { detached: true, stdio: 'ignore', cwd: '/', env: {} },
  );
  child.unref();
  return child.pid;
}
