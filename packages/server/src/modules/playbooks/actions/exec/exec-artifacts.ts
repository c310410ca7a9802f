// The files an exec action keeps with its run: read by the exec check's artifact reader (globs,
// /dev/stdout and /dev/stderr, only inside the working directory, 10 MB each) and typed by extension.
import path from 'node:path';
import { collectArtifacts } from '../../../health/index.js';
import type { ActionArtifact } from '../types.js';

const TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.log': 'text/plain',
  '.md': 'text/markdown',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.gz': 'application/gzip',
  '.zip': 'application/zip',
};

/** The content type of a file by its extension; captured streams are plain text. */
export function artifactContentType(file: string): string {
  if (file === '/dev/stdout' || file === '/dev/stderr') return 'text/plain';
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Reads what `paths` name from the run's working directory (or the captured streams). */
export async function execArtifacts(paths: string[], cwd: string, stdout: string, stderr: string): Promise<ActionArtifact[]> {
  if (paths.length === 0) return [];
  const found = await collectArtifacts(paths, cwd, stdout, stderr);
  return found.map((a) => {
    const shown = a.path.startsWith(cwd + path.sep) ? path.relative(cwd, a.path) : a.path;
    return { path: shown, filename: path.basename(a.path), contentType: artifactContentType(a.path), content: a.content };
  });
}
