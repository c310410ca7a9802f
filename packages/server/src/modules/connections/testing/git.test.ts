// Git connection tests: a bare repository made with `git init --bare` in a temp folder, reached by
// file:// and over smart HTTP through `git http-backend` behind a Basic-auth check, so the
// GIT_ASKPASS route for credentials is exercised end to end.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection, type DecryptedConnection } from './index.js';

const run = promisify(execFile);
const USER = 'git-user';
const PASSWORD = 'git-peer-secret-62';
const WRONG = 'wrong-secret-Zq81';

let dir = '';
let base = '';
const authorizations: string[] = [];

// Smart HTTP by CGI: the request goes to `git http-backend`, whose answer is CGI headers then the body.
const server = http.createServer((req, res) => {
  authorizations.push(req.headers.authorization ?? '');
  if (req.headers.authorization !== `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`) {
    res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' });
    return res.end('authentication required');
  }
  const url = new URL(req.url ?? '/', 'http://peer');
  const cgi = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: dir,
      GIT_HTTP_EXPORT_ALL: '1',
      REQUEST_METHOD: req.method,
      PATH_INFO: url.pathname,
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      REMOTE_USER: USER,
      ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
    },
  });
  req.pipe(cgi.stdin);
  const out: Buffer[] = [];
  cgi.stdout.on('data', (c: Buffer) => out.push(c));
  cgi.on('close', () => {
    const all = Buffer.concat(out);
    const split = all.indexOf('\r\n\r\n');
    const head = all.subarray(0, split).toString('utf8').split('\r\n');
    const headers: Record<string, string> = {};
    let status = 200;
    for (const line of head) {
      const i = line.indexOf(':');
      const name = line.slice(0, i).trim().toLowerCase();
      if (name === 'status')
        status = Number(
          line
            .slice(i + 1)
            .trim()
            .split(' ')[0],
        );
      else if (name) headers[name] = line.slice(i + 1).trim();
    }
    res.writeHead(status, headers);
    res.end(all.subarray(split + 4));
  });
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ops-git-peer-'));
  const bare = path.join(dir, 'repo.git');
  const work = path.join(dir, 'work');
  const git = (cwd: string, ...args: string[]) => run('git', ['-c', 'user.name=Ops', '-c', 'user.email=ops@test.local', ...args], { cwd });
  await run('git', ['init', '--bare', '-q', bare]);
  await run('git', ['init', '-q', '-b', 'main', work]);
  await git(work, 'commit', '-q', '--allow-empty', '-m', 'first');
  await git(work, 'push', '-q', bare, 'main');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const opts = () => ({ signal: new AbortController().signal, timeoutMs: 10_000 });
const conn = (fields: Partial<DecryptedConnection>, properties: Record<string, string> = {}): DecryptedConnection => ({
  id: '00000000-0000-4000-8000-000000000006',
  name: 'git',
  namespace: 'default',
  type: 'git',
  insecure_tls: false,
  properties: { auth: 'basic', ...properties },
  ...fields,
});
const failure = (c: DecryptedConnection) =>
  testConnection(c, opts()).then(
    () => 'passed',
    (e: Error) => e.message,
  );

describe('git connection test', () => {
  it('finds the ref in a file:// repository (ref main by default)', async () => {
    await expect(testConnection(conn({ url: `file://${dir}/repo.git` }), opts())).resolves.toBeUndefined();
    await expect(testConnection(conn({ url: `file://${dir}/repo.git` }, { ref: 'refs/heads/main' }), opts())).resolves.toBeUndefined();
  });

  it('names a missing ref and a missing repository', async () => {
    expect(await failure(conn({ url: `file://${dir}/repo.git` }, { ref: 'release' }))).toBe(
      `git: file://${dir}/repo.git has no ref "release"`,
    );
    expect(await failure(conn({ url: `file://${dir}/none.git` }))).toMatch(
      /^git: ls-remote file:\/\/.*none\.git failed: fatal: .*does not appear to be a git repository/,
    );
  });

  it('logs in over HTTP through GIT_ASKPASS and names a refused login without the password', async () => {
    authorizations.length = 0;
    await expect(testConnection(conn({ url: `${base}/repo.git`, username: USER, password: PASSWORD }), opts())).resolves.toBeUndefined();
    expect(authorizations).toContain(`Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`);
    const message = await failure(conn({ url: `${base}/repo.git`, username: USER, password: WRONG }));
    expect(message).toMatch(new RegExp(`^git: ls-remote ${base}/repo.git failed: .*Authentication failed`));
    expect(message).not.toContain(WRONG);
  });

  it('refuses URLs git would read as options or transports it should not run', async () => {
    expect(await failure(conn({ url: '--upload-pack=touch /tmp/x' }))).toMatch(/is not an http\(s\):\/\/, ssh:\/\//);
    expect(await failure(conn({ url: 'ext::sh -c id' }))).toMatch(/is not an http\(s\):\/\/, ssh:\/\//);
    expect(await failure(conn({ url: `file://${dir}/repo.git` }, { ref: '--all' }))).toBe('git: ref "--all" is not a ref name');
  });
});
