// A folder check's `sftp://host[:port]/path`: the folder listed over SFTP (below it too when recursive)
// as canary-checker's `sftpConnection` describes the login (a `connection://` reference and/or host,
// port, username, password; the check's own values win). Sizes of the whole store are unknown (-1).
import { posix } from 'node:path';
import { errorText } from '../probe-results.js';
import { resolveConnection, ResolveError, type ResolveContext } from '../../values/env-vars.js';
import { acceptFile, type FolderFile, type FolderFilter, type FolderScan } from './scan-folder.js';
import { sftpReaddir, withSftp, type SftpLogin } from './sftp-client.js';

const MAX_ENTRIES = 100_000;

export interface SftpFolder extends SftpLogin {
  path: string;
}

/** The login and remote folder of `sftp://host[:port]/path` with the check's `sftpConnection`. */
export async function sftpFolder(path: string, spec: Record<string, unknown>, ctx: ResolveContext): Promise<SftpFolder> {
  let where: URL;
  try {
    where = new URL(path.trim());
  } catch {
    throw new ResolveError(`path "${path}" is not of the form sftp://host/path`);
  }
  const conn = await resolveConnection({ connection: spec.connection, username: spec.username, password: spec.password }, ctx);
  const host = String(spec.host ?? '') || conn.properties.host || where.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw new ResolveError('sftpConnection has no host (and the path names none)');
  const portText = String(spec.port ?? '') || where.port || conn.properties.port || '22';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new ResolveError(`sftpConnection.port "${portText}" is not a port number`);
  if (!conn.username) throw new ResolveError('sftpConnection has no username');
  if (!conn.password) throw new ResolveError('sftpConnection has no password');
  return { host, port, username: conn.username, password: conn.password, path: decodeURIComponent(where.pathname) || '/' };
}

/** Lists the folder (recursively when asked) through the filter; a missing folder is an empty scan. */
export async function scanSftpFolder(
  t: SftpFolder,
  filter: FolderFilter,
  recursive: boolean,
  opts: { signal: AbortSignal; remainingMs: () => number },
): Promise<FolderScan> {
  try {
    return await listSftpFolder(t, filter, recursive, opts);
  } catch (err) {
    throw new Error(`sftp: ${errorText(err)}`);
  }
}

async function listSftpFolder(
  t: SftpFolder,
  filter: FolderFilter,
  recursive: boolean,
  opts: { signal: AbortSignal; remainingMs: () => number },
): Promise<FolderScan> {
  return withSftp(t, { signal: opts.signal, timeoutMs: Math.max(1, opts.remainingMs()) }, async (sftp) => {
    const files: FolderFile[] = [];
    let seen = 0;
    const walk = async (dir: string, prefix: string): Promise<void> => {
      for (const entry of await sftpReaddir(sftp, dir)) {
        if (++seen > MAX_ENTRIES || opts.signal.aborted) return;
        const isDir = entry.attrs.isDirectory();
        const mtimeMs = entry.attrs.mtime * 1000;
        const file: FolderFile = {
          name: prefix + entry.filename,
          size: entry.attrs.size,
          mode: (entry.attrs.mode & 0o7777).toString(8).padStart(4, '0'),
          modified: new Date(mtimeMs).toISOString(),
          is_dir: isDir,
          mtimeMs,
        };
        if (acceptFile(file, filter)) files.push(file);
        if (isDir && recursive) await walk(posix.join(dir, entry.filename), `${file.name}/`);
      }
    };
    try {
      await walk(t.path, '');
    } catch (err) {
      // SFTP status 2 (no such file): like a missing local folder, an empty scan the limits judge.
      if ((err as { code?: number }).code === 2) return { exists: false, files: [], totalSize: -1, availableSize: -1 };
      throw new Error(`${t.host}:${t.port}: ${errorText(err)}`);
    }
    return { exists: true, files, totalSize: -1, availableSize: -1 };
  });
}
