import type { ApiClient } from '../client.js';
import type { OutputFormat } from '../connection.js';
import type { CliIo } from '../io.js';

/** What every command gets: streams, an API client bound to --server and credentials, and -o. */
export interface CommandContext {
  io: CliIo;
  client: ApiClient;
  output: OutputFormat;
}

/** A kind or name as one URL path segment. */
export const segment = (s: string): string => encodeURIComponent(s);
