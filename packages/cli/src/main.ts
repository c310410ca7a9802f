import { CommanderError } from 'commander';
import { CliError, EXIT_OK, EXIT_SERVER, EXIT_USAGE, ServerError } from './errors.js';
import { processIo, type CliIo } from './io.js';
import { buildProgram } from './program.js';

/**
 * Run `ops` with the arguments after the program name; resolves to the exit code
 * (0 ok, 1 the server refused or is unreachable, 2 usage). Never calls process.exit.
 */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  try {
    await buildProgram(io).parseAsync([...argv], { from: 'user' });
    return EXIT_OK;
  } catch (err) {
    // Commander has printed its own message (or the help / version) already.
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    if (err instanceof ServerError) io.err(`${err.message}\n`);
    else io.err(`error: ${(err as Error).message}\n`);
    return err instanceof CliError ? err.exitCode : EXIT_SERVER;
  }
}
