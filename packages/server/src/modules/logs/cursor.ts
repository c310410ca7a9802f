// The paging cursor on the wire: opaque base64url JSON naming the backend it belongs to, so a cursor
// of one backend handed to another (or edited by hand) is a 400, not a wrong page.
import { badRequest } from '../../http/errors.js';

/** The cursor text for a backend's page position. */
export function encodeCursor(backend: string, position: unknown): string {
  return Buffer.from(JSON.stringify({ b: backend, p: position }), 'utf8').toString('base64url');
}

/** The page position inside a cursor; 400 when it is not one of ours or not for this backend. */
export function decodeCursor(backend: string, cursor: string | undefined): unknown {
  if (cursor === undefined || cursor === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('cursor: not a cursor this server handed out');
  }
  const obj = parsed as { b?: unknown; p?: unknown } | null;
  if (!obj || typeof obj !== 'object' || obj.b !== backend) throw badRequest(`cursor: not a cursor of log backend ${backend}`);
  return obj.p;
}
