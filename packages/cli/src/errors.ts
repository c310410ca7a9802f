/** Exit codes of `ops`: 0 ok, 1 the server refused or could not be reached, 2 bad usage or input. */
export const EXIT_OK = 0;
export const EXIT_SERVER = 1;
export const EXIT_USAGE = 2;

/** An error that ends the command with a message and an exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** A mistake in the command line or the input files (exit 2). */
export function usageError(message: string): CliError {
  return new CliError(message, EXIT_USAGE);
}

/**
 * An answer of 400 or more from the server; `details` is its JSON `details` when it sent one,
 * `notes` are lines the CLI adds (e.g. which file a document came from).
 */
export class ServerError extends CliError {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly details?: unknown,
    notes: readonly string[] = [],
  ) {
    super([`Error from server (${status}): ${serverMessage}`, ...notes].join('\n'), EXIT_SERVER);
  }
}
