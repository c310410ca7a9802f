import { invalidRange } from '../errors.js';

/** PostgREST's Content-Range value: `0-49/1234`, `*\/0`, `0-1/*`. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}

/**
 * Status and Content-Range of a read, as PostgREST computes them: 206 only when the total is known and the
 * page holds fewer rows than it; 416 (PGRST103) when the offset is past the total.
 */
export function readStatus(offset: number, pageRows: number, total: number | null): { status: number; contentRange: string } {
  const upper = offset + pageRows - 1;
  const header = contentRange(offset, upper, total);
  if (total === null) return { status: 200, contentRange: header };
  if (offset > total) {
    throw invalidRange(`An offset of ${offset} was requested, but there are only ${total} rows.`, { 'Content-Range': `*/${total}` });
  }
  return { status: 1 + upper - offset < total ? 206 : 200, contentRange: header };
}
