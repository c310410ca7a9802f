import { parseError } from '../errors.js';
import { Cursor, ParseFailure } from './cursor.js';

/** Run a parser over a parameter value and turn a failure into PostgREST's PGRST100 error. */
export function runParser<T>(what: string, src: string, parse: (c: Cursor) => T): T {
  const c = new Cursor(src);
  try {
    return parse(c);
  } catch (err) {
    if (err instanceof ParseFailure) throw parseError(what, src, err.column, err.detail);
    throw err;
  }
}
