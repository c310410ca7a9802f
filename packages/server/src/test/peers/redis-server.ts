// Debian's redis-server on a free loopback port, without persistence, for redis checks. Tests skip
// nothing: when redis-server is missing, startRedis() fails with a message saying what to install.
import { spawn, type ChildProcess } from 'node:child_process';
import { closedPort, waitForPort } from './tcp-listener.js';

export interface RedisPeer {
  port: number;
  password: string;
  close(): Promise<void>;
}

/** Starts redis-server with `requirepass`; resolves once it accepts connections. */
export async function startRedis(password = 'redis-test-secret'): Promise<RedisPeer> {
  const port = await closedPort();
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--requirepass',
    password,
    '--protected-mode',
    'no',
  ];
  const child: ChildProcess = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const failure = new Promise<never>((_, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new Error('the redis test peer needs redis-server (Debian package redis-server)') : err),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited with code ${code}`)));
  });
  failure.catch(() => undefined);
  await Promise.race([waitForPort(port, 10_000, 'redis-server'), failure]);
  return {
    port,
    password,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

