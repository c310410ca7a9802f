// A loopback SSH server (ssh2's Server) that accepts one user/password and serves an in-memory
// directory tree over the SFTP subsystem: REALPATH, STAT/LSTAT, OPENDIR/READDIR and CLOSE, enough
// for a login check and a folder listing. Every other request gets OP_UNSUPPORTED.
import type { AddressInfo } from 'node:net';
import ssh2 from 'ssh2';

const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

export interface SftpPeerFile {
  size: number;
  /** Seconds since the epoch. */
  mtime: number;
}

export interface SftpPeerOptions {
  username: string;
  password: string;
  /** Absolute directory path → its entries (a file, or `'dir'` for a subdirectory listed under its own path). */
  tree: Record<string, Record<string, SftpPeerFile | 'dir'>>;
  /** Where "." resolves (the user's home). */
  home: string;
  /** Restricts what the server negotiates (to provoke a handshake failure). */
  algorithms?: ssh2.Algorithms;
}

export interface SftpPeer {
  port: number;
  /** Usernames that logged in, in order. */
  logins: string[];
  /** Authentication attempts refused. */
  refused: number;
  close(): Promise<void>;
}

const DIR_MODE = 0o040755;
const FILE_MODE = 0o100644;

function normalize(path: string, home: string): string {
  const parts: string[] = [];
  for (const part of (path.startsWith('/') ? path : `${home}/${path}`).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/**
 * A fresh ed25519 host key that ssh2 itself can read: its generateKeyPairSync now and then (about 2 in 1,000)
 * writes a key its own parser refuses as 'Malformed OpenSSH private key', which failed a CI run.
 */
function hostKey(): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const key = utils.generateKeyPairSync('ed25519').private;
    if (!(utils.parseKey(key) instanceof Error)) return key;
  }
  throw new Error('ssh2 could not make an ed25519 host key it can parse');
}

/** Starts the peer on a free loopback port with a fresh ed25519 host key. */
export async function startSftpPeer(o: SftpPeerOptions): Promise<SftpPeer> {
  const logins: string[] = [];
  let refused = 0;
  const server = new Server({ hostKeys: [hostKey()], ...(o.algorithms ? { algorithms: o.algorithms } : {}) }, (client) => {
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      if (ctx.method === 'password' && ctx.username === o.username && ctx.password === o.password) {
        logins.push(ctx.username);
        return ctx.accept();
      }
      if (ctx.method !== 'none') refused++;
      ctx.reject(['password']);
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => serveSftp(acceptSftp(), o));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    logins,
    get refused() {
      return refused;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type SftpStream = ssh2.SFTPWrapper;

function serveSftp(sftp: SftpStream, o: SftpPeerOptions): void {
  const handles = new Map<string, { path: string; sent: boolean }>();
  let next = 0;
  const attrsOf = (path: string): ssh2.Attributes | undefined => {
    const slash = path.lastIndexOf('/');
    const entry = o.tree[path.slice(0, slash) || '/']?.[path.slice(slash + 1)];
    if (o.tree[path] || entry === 'dir') return { mode: DIR_MODE, uid: 0, gid: 0, size: 4096, atime: 0, mtime: 0 };
    if (!entry) return undefined;
    return { mode: FILE_MODE, uid: 0, gid: 0, size: entry.size, atime: entry.mtime, mtime: entry.mtime };
  };
  sftp.on('REALPATH', (id, path) => {
    const full = normalize(path, o.home);
    sftp.name(id, [{ filename: full, longname: full, attrs: {} as ssh2.Attributes }]);
  });
  const stat = (id: number, path: string) => {
    const attrs = attrsOf(normalize(path, o.home));
    if (attrs) sftp.attrs(id, attrs);
    else sftp.status(id, STATUS_CODE.NO_SUCH_FILE, 'No such file');
  };
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);
  sftp.on('OPENDIR', (id, path) => {
    const full = normalize(path, o.home);
    if (!o.tree[full]) return void sftp.status(id, STATUS_CODE.NO_SUCH_FILE, 'No such file');
    const handle = Buffer.from(String(next++));
    handles.set(handle.toString(), { path: full, sent: false });
    sftp.handle(id, handle);
  });
  sftp.on('READDIR', (id, handle) => {
    const open = handles.get(handle.toString());
    if (!open) return void sftp.status(id, STATUS_CODE.FAILURE, 'bad handle');
    if (open.sent) return void sftp.status(id, STATUS_CODE.EOF);
    open.sent = true;
    const dir = open.path === '/' ? '' : open.path;
    sftp.name(
      id,
      Object.keys(o.tree[open.path] ?? {}).map((name) => {
        const attrs = attrsOf(`${dir}/${name}`)!;
        return { filename: name, longname: name, attrs };
      }),
    );
  });
  sftp.on('CLOSE', (id, handle) => {
    handles.delete(handle.toString());
    sftp.status(id, STATUS_CODE.OK);
  });
  for (const op of [
    'OPEN',
    'READ',
    'WRITE',
    'FSTAT',
    'FSETSTAT',
    'SETSTAT',
    'REMOVE',
    'RMDIR',
    'MKDIR',
    'RENAME',
    'READLINK',
    'SYMLINK',
  ] as const)
    sftp.on(op as 'OPEN', (id: number) => sftp.status(id, STATUS_CODE.OP_UNSUPPORTED));
}
