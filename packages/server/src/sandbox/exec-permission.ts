// The setting `exec.restrictToAdmin` (default true): while on, only admins may create or change specs
// that execute code. Enforced on every write path: POST /api/resources/apply and /api/db writes.
import type { Db } from '../db/pool.js';
import { HttpError } from '../http/errors.js';
import { readProperty } from '../modules/settings/index.js';
import { documentExecutesCode } from './executes-code.js';

export const RESTRICT_EXEC_PROPERTY = 'exec.restrictToAdmin';

/** What a write is about to store: the kind (Canary, ScrapeConfig), a name for the message, and its spec. */
export interface CodeWrite {
  kind: string;
  name: string;
  spec: unknown;
}

/** Whether only admins may write code-executing specs (anything but 'false' keeps the default, on). */
export async function execRestrictedToAdmin(db: Db): Promise<boolean> {
  const value = await readProperty(db, RESTRICT_EXEC_PROPERTY);
  return value?.trim().toLowerCase() !== 'false';
}

/** Throws 403 naming the setting when a non-admin writes a spec that executes code while it is restricted. */
export async function assertMayWriteCode(db: Db, roles: readonly string[], writes: readonly CodeWrite[]): Promise<void> {
  if (roles.includes('admin')) return;
  const first = writes.find((w) => documentExecutesCode(w.kind, w.spec));
  if (!first || !(await execRestrictedToAdmin(db))) return;
  throw new HttpError(
    403,
    `Forbidden: ${first.kind} ${first.name} executes code (exec checks, exec scrapers or scripts); ` +
      `only admins may create or change such specs while the setting ${RESTRICT_EXEC_PROPERTY} is true`,
  );
}
