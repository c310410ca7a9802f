// The server's own pool and typed schema (from its build), pointed at the e2e database: seeding
// uses the same types and code paths as the server instead of a second copy of them.
import { createDb, type Db } from '../../server/dist/db/pool.js';

export type { Db };

/** A small pool on the database of the server under test; close it when the worker ends. */
export function openE2eDb(pgUrl: string): Db {
  return createDb(pgUrl, 4);
}
