// What `npm test` needs besides Node: the peers some tests start (Chromium, PostgreSQL 15 for the
// external-database run, redis, MariaDB, ping in a network namespace, openssl, an unprivileged user for the
// execution boundary). As root on Debian or Ubuntu the missing packages are installed with apt; elsewhere
// `npm test` stops at once and prints the one command that installs them, so no test skips for lack of a peer.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, chownSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** [package, how to tell it is there] in the order apt gets them. */
const NEEDS = [
  ['chromium', () => onPath('chromium')],
  ['postgresql-15', () => existsSync(PG15_BIN('postgres'))],
  ['iputils-ping', () => onPath('ping')],
  ['iproute2', () => onPath('ip')],
  ['procps', () => onPath('sysctl')],
  ['redis-server', () => onPath('redis-server')],
  ['mariadb-server', () => onPath('mariadbd')],
  ['openssl', () => onPath('openssl')],
  ['util-linux', () => onPath('unshare') && onPath('setpriv')],
  ['passwd', () => onPath('useradd')],
];

const PG15_BIN = (name) => `/usr/lib/postgresql/15/bin/${name}`;

// sbin directories count too: a non-root PATH often lacks them, and the tests call those tools by path.
function onPath(cmd) {
  const PATH = [process.env.PATH, '/usr/local/sbin', '/usr/sbin', '/sbin'].filter(Boolean).join(':');
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore', env: { ...process.env, PATH } }).status === 0;
}

/** Install what is missing (root on Debian/Ubuntu) or throw with the command that would. */
export function ensurePackages(log = console.log) {
  const missing = NEEDS.filter(([, present]) => !present()).map(([pkg]) => pkg);
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  const root = process.getuid?.() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `npm test needs ${missing.join(', ')}. ${existsSync('/usr/bin/apt-get') ? `As root, run: ${command}` : `Install the equivalents of these Debian packages (on Debian or Ubuntu: ${command}).`}`,
    );
  }
  log(`installing what the tests need: ${missing.join(' ')}`);
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...missing]]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) throw new Error(`apt-get ${args[0]} failed (exit ${r.status}); run it by hand: ${command}`);
  }
}

/**
 * A throwaway PostgreSQL 15 cluster on loopback for the external-database run (unless OPS_TEST_PG15_URL names
 * one already). Returns its URL and a stop function; the cluster runs as the `postgres` user.
 */
export async function startPg15() {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'ops-pg15.'));
  // PostgreSQL refuses to run as root: as root the cluster belongs to the postgres user the package created.
  const root = process.getuid?.() === 0;
  if (root) {
    const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const shell = (cmd) =>
    root
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', cmd], { stdio: ['ignore', 'ignore', 'inherit'] })
      : spawnSync('sh', ['-c', cmd], { stdio: ['ignore', 'ignore', 'inherit'] });
  const asPostgres = (cmd) => {
    const r = shell(cmd);
    if (r.status !== 0) throw new Error(`PostgreSQL 15 for the external-database run: '${cmd}' failed (exit ${r.status})`);
  };
  asPostgres(`${PG15_BIN('initdb')} -D ${dir}/data -U postgres --auth=trust`);
  asPostgres(
    `${PG15_BIN('pg_ctl')} -D ${dir}/data -o '-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200' -l ${dir}/log -w start`,
  );
  const stop = () => shell(`${PG15_BIN('pg_ctl')} -D ${dir}/data -m fast stop`);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

// A loopback port nothing listens on (a cluster left over from an interrupted run may hold any fixed one).
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
