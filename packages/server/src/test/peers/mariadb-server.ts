// Debian's MariaDB (mariadb-install-db + mariadbd) on a free loopback port with a throwaway data
// directory, for mysql checks. When mariadbd is missing, startMariaDb() fails saying what to install.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { closedPort, waitForPort } from './tcp-listener.js';

export interface MariaDbPeer {
  port: number;
  user: string;
  password: string;
  database: string;
  close(): Promise<void>;
}

const MISSING = 'the MariaDB test peer needs mariadbd and mariadb-install-db (Debian package mariadb-server)';
/** mariadbd lives in /usr/sbin, which is not on every user's PATH. */
const ENV = { ...process.env, PATH: `${process.env.PATH ?? ''}:/usr/sbin:/sbin` };

/** Initialises a data directory, starts mariadbd with a password user and a database; resolves once logins work. */
export async function startMariaDb(user = 'ops', password = 'maria-test-secret', database = 'opsdb'): Promise<MariaDbPeer> {
  const dir = await mkdtemp(join(tmpdir(), 'ops-mariadb-'));
  const osUser = userInfo().username;
  const base = ['--no-defaults', `--datadir=${join(dir, 'data')}`, `--user=${osUser}`];
  await runToEnd('mariadb-install-db', [...base, '--skip-test-db', '--auth-root-authentication-method=socket']);
  await writeFile(
    join(dir, 'init.sql'),
    `CREATE DATABASE ${database};\nCREATE USER '${user}'@'%' IDENTIFIED BY '${password}';\nGRANT ALL ON ${database}.* TO '${user}'@'%';\n`,
  );
  const port = await closedPort();
  const child: ChildProcess = spawn(
    'mariadbd',
    [
      ...base,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${join(dir, 'mysqld.sock')}`,
      `--pid-file=${join(dir, 'mysqld.pid')}`,
      `--log-error=${join(dir, 'error.log')}`,
      `--tmpdir=${dir}`,
      `--init-file=${join(dir, 'init.sql')}`,
      '--skip-name-resolve',
      '--skip-log-bin',
      '--innodb-buffer-pool-size=16M',
    ],
    { stdio: 'ignore', env: ENV },
  );
  const failure = new Promise<never>((_, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? new Error(MISSING) : err));
    child.once('exit', (code) => reject(new Error(`mariadbd exited with code ${code}; see ${join(dir, 'error.log')}`)));
  });
  failure.catch(() => undefined);
  // mariadbd runs the init file before it listens, so an open port means the user exists.
  await Promise.race([waitForPort(port, 30_000, 'mariadbd'), failure]);
  return {
    port,
    user,
    password,
    database,
    close: async () => {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function runToEnd(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env: ENV });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? new Error(MISSING) : err));
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with code ${code}: ${stderr.slice(-500)}`)),
    );
  });
}

