// The `file` log backend: files on disk (a glob and its rotated siblings) read from the end, newest
// first. The cursor is a file (device, inode, path) and the byte offset of the oldest line served,
// so a page after a rotation continues in the renamed file and after a truncation in the copy.
import { createHash } from 'node:crypto';
import type { FileBackendSpec } from '@ops/shared';
import { FileRootError, allowedRealPath, openAllowedFile } from '../../../../sandbox/file-roots.js';
import { badRequest } from '../../../../http/errors.js';
import type { LogBackend, LogsPage, LogsPageRequest } from '../../log-backend.js';
import { buildLine, textMatcher, timePlace } from '../../line-build.js';
import type { LogLine } from '../../lines/index.js';
import { globBase } from './glob.js';
import { logFiles, type LogFile } from './log-files.js';
import { entriesBackward } from './reverse-entries.js';

/** Characters of a line fingerprinted, and bytes read to recognise it (room for 4-byte characters). */
const FINGERPRINT_CHARS = 1024;
const LINE_PROBE_BYTES = 4 * FINGERPRINT_CHARS;

/** The most bytes one page reads before it answers with what it found and a cursor. */
export const SCAN_BUDGET_BYTES = 64 * 1024 * 1024;

interface FilePosition {
  d: number;
  i: number;
  p: string;
  o: number;
  /** Fingerprint of the line at `o`: tells the file we paged from apart from one rewritten since. */
  h: string;
}

function isPosition(v: unknown): v is FilePosition {
  const p = v as FilePosition | null;
  return (
    !!p &&
    typeof p === 'object' &&
    typeof p.d === 'number' &&
    typeof p.i === 'number' &&
    typeof p.p === 'string' &&
    typeof p.o === 'number' &&
    p.o >= 0 &&
    typeof p.h === 'string'
  );
}

/** A short fingerprint of an entry's first line. */
function fingerprint(text: string): string {
  const nl = text.indexOf('\n');
  return createHash('sha1')
    .update((nl >= 0 ? text.slice(0, nl) : text).slice(0, FINGERPRINT_CHARS))
    .digest('base64url')
    .slice(0, 12);
}

/** Whether the file holds, at `offset`, the line the cursor was taken at. */
async function holdsLine(file: LogFile, offset: number, hash: string): Promise<boolean> {
  if (file.size < offset) return false;
  const fh = await openAllowedFile(file.path).catch(() => undefined);
  if (!fh) return false;
  try {
    const buf = Buffer.alloc(LINE_PROBE_BYTES);
    const { bytesRead } = await fh.read(buf, 0, buf.length, offset);
    const text = buf.toString('utf8', 0, bytesRead);
    const nl = text.indexOf('\n');
    return fingerprint((nl >= 0 ? text.slice(0, nl) : text).replace(/\r$/, '')) === hash;
  } finally {
    await fh.close();
  }
}

/**
 * Where the page starts: the cursor's file by inode (it may have been renamed by rotation) when it still
 * holds the cursor's line; else (truncated or rewritten) the next file of the list when it holds that line
 * at that offset (a copy-truncate rotation), else the next file from its end.
 */
async function startAt(files: LogFile[], cursor: unknown): Promise<{ index: number; offset: number }> {
  if (cursor === undefined) return { index: 0, offset: files[0]?.size ?? 0 };
  if (!isPosition(cursor)) throw badRequest('cursor: not a file position');
  const byInode = files.findIndex((f) => f.dev === cursor.d && f.ino === cursor.i);
  if (byInode >= 0) {
    if (await holdsLine(files[byInode]!, cursor.o, cursor.h)) return { index: byInode, offset: cursor.o };
    const next = files[byInode + 1];
    if (next && (await holdsLine(next, cursor.o, cursor.h))) return { index: byInode + 1, offset: cursor.o };
    return { index: byInode + 1, offset: next?.size ?? 0 };
  }
  // The file is gone (rotated out): go on after wherever its path now sits.
  const byPath = files.findIndex((f) => f.path === cursor.p);
  const index = byPath >= 0 ? byPath + 1 : files.length;
  return { index, offset: files[index]?.size ?? 0 };
}

/** A file backend over the spec's path or glob. */
export function fileBackend(name: string, spec: FileBackendSpec): LogBackend {
  const format = spec.format ?? 'autodetect';
  return {
    name,
    async page(req: LogsPageRequest): Promise<LogsPage> {
      try {
        await allowedRealPath(globBase(spec.path));
      } catch (err) {
        if (err instanceof FileRootError) throw badRequest(`spec.file.path: ${err.message}`);
        // A base folder that does not exist yet has no lines.
        return { lines: [] };
      }
      const files = await logFiles(spec.path);
      const lines: LogLine[] = [];
      let scanned = 0;
      let { index, offset } = await startAt(files, req.cursor);
      const matches = textMatcher(req.text);
      nextFile: for (; index < files.length; index++, offset = files[index]?.size ?? 0) {
        const file = files[index]!;
        // A file last written before the start holds only older lines.
        if (req.start && file.mtimeMs < req.start.getTime()) continue;
        let fh: Awaited<ReturnType<typeof openAllowedFile>>;
        try {
          fh = await openAllowedFile(file.path);
        } catch (err) {
          if (err instanceof FileRootError) throw badRequest(`spec.file.path: ${err.message}`);
          continue; // rotated away between listing and opening
        }
        try {
          const before = scanned;
          for await (const batch of entriesBackward(fh, Math.min(offset, (await fh.stat()).size))) {
            if (req.signal.aborted) throw req.signal.reason;
            for (const entry of batch) {
              scanned = before + entry.scanned;
              if (matches(entry.text)) {
                const line = buildLine(entry.text, format, { id: `${file.dev}:${file.ino}:${entry.offset}`, labels: { file: file.path } });
                const place = timePlace(line, req.start, req.end);
                // Lines are in time order within a file: one before the start ends this file.
                if (place === 'before') continue nextFile;
                if (place === 'inside') lines.push(line);
              }
              if (lines.length >= req.limit || scanned >= SCAN_BUDGET_BYTES) {
                const cursor: FilePosition = { d: file.dev, i: file.ino, p: file.path, o: entry.offset, h: fingerprint(entry.text) };
                return { lines, cursor };
              }
            }
          }
        } finally {
          await fh.close();
        }
      }
      return { lines };
    },
  };
}
