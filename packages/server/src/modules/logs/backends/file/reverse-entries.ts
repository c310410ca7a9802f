// Reads a file backwards from a byte offset in fixed chunks and yields its log entries newest first,
// each with the byte offset where it starts: the first page of a million-line file reads one chunk,
// never the whole file. Continuation lines (leading space or tab) join the entry above them.
import type { FileHandle } from 'node:fs/promises';
import { isContinuationLine } from '../../lines/index.js';

/** Bytes read per step from the end. */
export const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;
// eslint-disable-next-line no-control-regex -- the test is for bytes above 0x7f
const NON_ASCII = /[^\x00-\x7f]/;
const isAscii = (text: string): boolean => !NON_ASCII.test(text);

export interface RawEntry {
  /** The entry's text (lines joined by '\n', CR stripped). */
  text: string;
  /** Byte offset of the entry's first line. */
  offset: number;
  /** Bytes read from the file so far (for a scan budget). */
  scanned: number;
}

interface RawLine {
  text: string;
  offset: number;
}

/** Complete lines before `from`, newest first, with their start offsets: one batch per chunk read. */
async function* linesBackward(fh: FileHandle, from: number, chunkBytes: number): AsyncGenerator<{ lines: RawLine[]; scanned: number }> {
  let pos = from;
  let carry = Buffer.alloc(0);
  let scanned = 0;
  while (pos > 0) {
    const len = Math.min(chunkBytes, pos);
    const start = pos - len;
    const chunk = Buffer.alloc(len);
    const { bytesRead } = await fh.read(chunk, 0, len, start);
    scanned += bytesRead;
    const buf = carry.length > 0 ? Buffer.concat([chunk.subarray(0, bytesRead), carry]) : chunk.subarray(0, bytesRead);
    // Complete lines follow the first newline; the bytes before it wait for the next chunk.
    const first = buf.indexOf(NEWLINE);
    const lines: RawLine[] = [];
    let end = buf.length;
    if (first >= 0) {
      const text = buf.toString('latin1', first + 1);
      if (isAscii(text)) {
        // One decode for the chunk: with ASCII text, character and byte offsets are the same.
        let stop = text.length;
        let nl = text.lastIndexOf('\n', stop - 1);
        while (stop > 0) {
          if (stop > nl + 1) lines.push({ text: text.slice(nl + 1, stop), offset: start + first + 1 + nl + 1 });
          stop = nl < 0 ? 0 : nl;
          nl = stop > 0 ? text.lastIndexOf('\n', stop - 1) : -1;
        }
        end = first;
      } else {
        let nl = buf.lastIndexOf(NEWLINE, end - 1);
        while (nl >= 0) {
          if (end > nl + 1) lines.push({ text: buf.toString('utf8', nl + 1, end), offset: start + nl + 1 });
          end = nl;
          nl = end > 0 ? buf.lastIndexOf(NEWLINE, end - 1) : -1;
        }
      }
    }
    carry = Buffer.from(buf.subarray(0, end));
    pos = start;
    if (lines.length > 0) yield { lines, scanned };
  }
  if (carry.length > 0) yield { lines: [{ text: carry.toString('utf8'), offset: 0 }], scanned };
}

/** Entries before byte `from`, newest first, in batches (one per chunk); blank lines are skipped. */
export async function* entriesBackward(fh: FileHandle, from: number, chunkBytes = CHUNK_BYTES): AsyncGenerator<RawEntry[]> {
  let pending: string[] = [];
  let pendingOffset = from;
  let scanned = 0;
  for await (const batch of linesBackward(fh, from, chunkBytes)) {
    scanned = batch.scanned;
    const entries: RawEntry[] = [];
    for (const line of batch.lines) {
      const text = line.text.endsWith('\r') ? line.text.slice(0, -1) : line.text;
      if (text.trim() === '') continue;
      if (isContinuationLine(text)) {
        pending.push(text);
        pendingOffset = line.offset;
        continue;
      }
      const joined = pending.length > 0 ? [text, ...pending.reverse()].join('\n') : text;
      pending = [];
      entries.push({ text: joined, offset: line.offset, scanned });
    }
    if (entries.length > 0) yield entries;
  }
  // Continuation lines at the very start of the file have no head: they are an entry of their own.
  if (pending.length > 0) yield [{ text: pending.reverse().join('\n'), offset: pendingOffset, scanned }];
}
