// What every log backend answers: one page of lines, newest first, and where the next (older) page
// starts. The service resolves the selector, time range and text filter before a backend runs.
import type { LogLine } from './lines/index.js';
import type { LogSelector } from '@ops/shared';
import type { AppContext } from '../../context.js';

/** One page request as a backend receives it. */
export interface LogsPageRequest {
  /** Lines written at or after this time; undefined reads back to the oldest line. */
  start?: Date;
  end: Date;
  /** Case-insensitive substring the line must contain (already lower-cased), or undefined. */
  text?: string;
  limit: number;
  /** The decoded cursor this backend handed out for the previous page. */
  cursor?: unknown;
  /** The component's `logs:` entry (labels, query), when the request came through a component. */
  selector?: LogSelector;
  signal: AbortSignal;
}

/** One page: lines newest first, and a cursor (any JSON value) when older lines may remain. */
export interface LogsPage {
  lines: LogLine[];
  cursor?: unknown;
  total?: number;
}

/** A backend ready to query; `name` is how errors name it. */
export interface LogBackend {
  name: string;
  page(req: LogsPageRequest): Promise<LogsPage>;
}

/** What a backend may use from the server besides its spec. */
export type BackendContext = Pick<AppContext, 'connections' | 'config' | 'log'>;
