// folder: checks a folder's files against count, age and size limits (after an optional filter): a local
// folder, an S3 (or S3-compatible) prefix reached through `awsConnection`, or an SFTP folder through
// `sftpConnection`. GCS and SMB folders have no client in this build and are refused with a clear message.
import { compileRegex, regexProblem } from '@ops/shared/expr';
import { RUNNABLE_CHECK_SCHEMAS } from '@ops/shared';
import type { CheckType } from '../check-type.js';
import { errorText, failed, invalid, passed } from '../probe-results.js';
import { formatMs, parseDurationMs, parseSizeBytes } from '../../values/durations.js';
import { scanFolder, type FolderFile, type FolderFilter } from './scan-folder.js';
import { parseS3Path, s3Target, scanS3Folder } from './s3-folder.js';
import { scanSftpFolder, sftpFolder } from './sftp-folder.js';

export const folderCheck: CheckType = {
  type: 'folder',
  schema: RUNNABLE_CHECK_SCHEMAS.folder,
  endpoint: (spec) => String(spec.path ?? ''),
  validate(spec) {
    const problems: Array<[string, string]> = [];
    const f = (spec.filter ?? {}) as Record<string, unknown>;
    for (const [field, v] of [
      ['minAge', spec.minAge],
      ['maxAge', spec.maxAge],
      ['filter.minAge', f.minAge],
      ['filter.maxAge', f.maxAge],
    ] as const)
      if (v !== undefined && parseDurationMs(String(v)) === undefined) problems.push([field, `invalid duration "${String(v)}"`]);
    for (const [field, v] of [
      ['minSize', spec.minSize],
      ['maxSize', spec.maxSize],
      ['availableSize', spec.availableSize],
      ['totalSize', spec.totalSize],
      ['filter.minSize', f.minSize],
      ['filter.maxSize', f.maxSize],
    ] as const)
      if (v !== undefined && parseSizeBytes(v as string) === undefined) problems.push([field, `invalid size "${String(v)}"`]);
    if (/^s3:\/\//i.test(String(spec.path ?? '')) && !parseS3Path(String(spec.path))) problems.push(['path', 'must be s3://bucket/prefix']);
    const regexRefusal = typeof f.regex === 'string' ? regexProblem(f.regex) : undefined;
    if (regexRefusal) problems.push(['filter.regex', regexRefusal]);
    return problems;
  },
  async run(spec, ctx) {
    const dir = String(spec.path);
    const scheme = /^(s3|gcs|smb|sftp):\/\//i.exec(dir)?.[1]?.toLowerCase() ?? (dir.startsWith('\\\\') ? 'smb' : undefined);
    if (scheme && scheme !== 's3' && scheme !== 'sftp')
      return invalid(
        `folder: ${scheme} folders are not supported here; local paths, s3://bucket/prefix and sftp://host/path can be checked`,
      );
    // A connection that cannot be resolved is a ResolveError: the run reports it invalid, naming it.
    const s3 = scheme === 's3' ? await s3Target(dir, (spec.awsConnection ?? {}) as Record<string, unknown>, ctx.resolve) : undefined;
    const sftp = scheme === 'sftp' ? await sftpFolder(dir, (spec.sftpConnection ?? {}) as Record<string, unknown>, ctx.resolve) : undefined;
    let scan;
    try {
      if (s3) scan = await scanS3Folder(s3, toFilter(spec), spec.recursive === true, ctx);
      else if (sftp) scan = await scanSftpFolder(sftp, toFilter(spec), spec.recursive === true, ctx);
      else scan = await scanFolder(dir, toFilter(spec), spec.recursive === true, ctx.signal);
    } catch (err) {
      return failed(errorText(err));
    }
    const files = scan.files.filter((f) => !f.is_dir);
    const detail = summarise(files, scan.files, scan.totalSize, scan.availableSize);
    const problem = testFolder(spec, files, scan);
    return problem ? failed(problem, { detail }) : passed({}, { detail, message: `${files.length} files` });
  },
};

function toFilter(spec: Record<string, unknown>): FolderFilter {
  const f = (spec.filter ?? {}) as Record<string, unknown>;
  const opt = <T>(v: unknown, parse: (x: never) => T | undefined) => (v === undefined || v === '' ? undefined : parse(v as never));
  return {
    regex: typeof f.regex === 'string' && f.regex ? compileRegex(f.regex) : undefined,
    minAgeMs: opt(f.minAge, parseDurationMs),
    maxAgeMs: opt(f.maxAge, parseDurationMs),
    minSize: opt(f.minSize, parseSizeBytes),
    maxSize: opt(f.maxSize, parseSizeBytes),
    sinceMs: opt(f.since, parseSince),
    allowDirs: spec.recursive === true,
  };
}

/** `since`: an RFC 3339 time or `now-<duration>`. */
function parseSince(text: string): number | undefined {
  const rel = /^now(?:-(.+))?$/.exec(text.trim());
  if (rel) return Date.now() - (rel[1] ? (parseDurationMs(rel[1]) ?? 0) : 0);
  const t = Date.parse(text);
  return Number.isNaN(t) ? undefined : t;
}

/** canary-checker's FolderCheck.Test, with maxSize comparing the right way round. */
function testFolder(
  spec: Record<string, unknown>,
  files: FolderFile[],
  scan: { totalSize: number; availableSize: number },
): string | undefined {
  if (spec.minCount !== undefined && files.length < Number(spec.minCount))
    return `too few files ${files.length} < ${String(spec.minCount)}`;
  if (spec.maxCount !== undefined && files.length > Number(spec.maxCount))
    return `too many files ${files.length} > ${String(spec.maxCount)}`;
  if (files.length > 0) {
    const newest = files.reduce((a, b) => (b.mtimeMs > a.mtimeMs ? b : a));
    const oldest = files.reduce((a, b) => (b.mtimeMs < a.mtimeMs ? b : a));
    const minAge = spec.minAge ? parseDurationMs(String(spec.minAge)) : undefined;
    const maxAge = spec.maxAge ? parseDurationMs(String(spec.maxAge)) : undefined;
    if (minAge !== undefined && Date.now() - newest.mtimeMs < minAge)
      return `${newest.name} is too new: ${formatMs(Date.now() - newest.mtimeMs)} < ${String(spec.minAge)}`;
    if (maxAge !== undefined && Date.now() - oldest.mtimeMs > maxAge)
      return `${oldest.name} is too old: ${formatMs(Date.now() - oldest.mtimeMs)} > ${String(spec.maxAge)}`;
    const smallest = files.reduce((a, b) => (b.size < a.size ? b : a));
    const largest = files.reduce((a, b) => (b.size > a.size ? b : a));
    const minSize = spec.minSize !== undefined ? parseSizeBytes(spec.minSize as string) : undefined;
    const maxSize = spec.maxSize !== undefined ? parseSizeBytes(spec.maxSize as string) : undefined;
    if (minSize !== undefined && smallest.size < minSize)
      return `${smallest.name} is too small: ${smallest.size} bytes < ${String(spec.minSize)}`;
    if (maxSize !== undefined && largest.size > maxSize)
      return `${largest.name} is too large: ${largest.size} bytes > ${String(spec.maxSize)}`;
  }
  const available = spec.availableSize !== undefined ? parseSizeBytes(spec.availableSize as string) : undefined;
  if (available !== undefined && scan.availableSize >= 0 && scan.availableSize < available)
    return `available size too small: ${scan.availableSize} bytes < ${String(spec.availableSize)}`;
  const total = spec.totalSize !== undefined ? parseSizeBytes(spec.totalSize as string) : undefined;
  if (total !== undefined && scan.totalSize >= 0 && scan.totalSize < total)
    return `total size too small: ${scan.totalSize} bytes < ${String(spec.totalSize)}`;
  return undefined;
}

function summarise(files: FolderFile[], all: FolderFile[], totalSize: number, availableSize: number) {
  const strip = (f: FolderFile | undefined) =>
    f ? { name: f.name, size: f.size, mode: f.mode, modified: f.modified, is_dir: f.is_dir } : null;
  const pick = (better: (a: FolderFile, b: FolderFile) => boolean) =>
    strip(files.reduce<FolderFile | undefined>((a, b) => (!a || better(b, a) ? b : a), undefined));
  return {
    files: all.map(strip),
    count: files.length,
    oldest: pick((a, b) => a.mtimeMs < b.mtimeMs),
    newest: pick((a, b) => a.mtimeMs > b.mtimeMs),
    minSize: pick((a, b) => a.size < b.size),
    maxSize: pick((a, b) => a.size > b.size),
    totalSize,
    availableSize,
  };
}
