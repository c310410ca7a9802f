// The SFTP client of folder checks and connection tests: an SSH login by username and password
// (keyboard-interactive answered with the same password, as many OpenSSH servers only offer that),
// then the SFTP subsystem. ssh2 falls back to pure JS when its native binding was not built. There is
// no host key field in a connection, so any host key is accepted, as on a first login.
import ssh2 from 'ssh2';
import { errorText } from '../probe-results.js';

/** Where and as whom to log in. */
export interface SftpLogin {
  host: string;
  port: number;
  username: string;
  password: string;
}

/** ssh2's error as a cause: its `level` tells a refused login from a refused socket or a failed handshake. */
function sshCause(err: unknown, t: SftpLogin): string {
  const level = (err as { level?: string } | null)?.level;
  const text = errorText(err);
  if (level === 'client-authentication') return `authentication failed for user "${t.username}" (the server refused the password)`;
  if (level === 'client-timeout') return `no SSH handshake (${text})`;
  if (level === 'handshake') return `SSH handshake failed: ${text.replace(/^handshake failed: /i, '')}`;
  if (level === 'protocol') return `SSH protocol error: ${text}`;
  return text;
}

/** Logs in, opens the SFTP subsystem and hands it to `use`; the connection is always closed. */
export async function withSftp<T>(
  t: SftpLogin,
  opts: { signal: AbortSignal; timeoutMs: number },
  use: (sftp: ssh2.SFTPWrapper) => Promise<T>,
): Promise<T> {
  const client = new ssh2.Client();
  const onAbort = () => client.end();
  opts.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const sftp = await new Promise<ssh2.SFTPWrapper>((resolve, reject) => {
      client.on('error', (err) => reject(new Error(`${t.host}:${t.port}: ${sshCause(err, t)}`)));
      client.once('close', () => reject(new Error(`${t.host}:${t.port}: the server closed the connection`)));
      client.on('keyboard-interactive', (_name, _instructions, _lang, prompts, finish) => finish(prompts.map(() => t.password)));
      client.once('ready', () =>
        client.sftp((err, s) =>
          err ? reject(new Error(`${t.host}:${t.port}: the SFTP subsystem was refused: ${err.message}`)) : resolve(s),
        ),
      );
      client.connect({
        host: t.host,
        port: t.port,
        username: t.username,
        password: t.password,
        tryKeyboard: true,
        readyTimeout: opts.timeoutMs,
      });
    });
    return await use(sftp);
  } catch (err) {
    // After a failure there is no session to say goodbye to: free the socket at once.
    client.destroy();
    throw err;
  } finally {
    opts.signal.removeEventListener('abort', onAbort);
    client.end();
  }
}

/** `realpath` as a promise, the failing step named. */
export function sftpRealpath(sftp: ssh2.SFTPWrapper, path: string): Promise<string> {
  return new Promise((resolve, reject) =>
    sftp.realpath(path, (err, full) => (err ? reject(new Error(`resolving "${path}" failed: ${err.message}`)) : resolve(full))),
  );
}

/** `readdir` as a promise, the failing step named and the SFTP status code kept as `code`. */
export function sftpReaddir(sftp: ssh2.SFTPWrapper, path: string): Promise<ssh2.FileEntryWithStats[]> {
  return new Promise((resolve, reject) =>
    sftp.readdir(path, (err, list) =>
      // The SFTP status code stays on the error: 2 (no such file) is a missing folder, not a failure.
      err
        ? reject(Object.assign(new Error(`listing "${path}" failed: ${err.message}`), { code: (err as { code?: number }).code }))
        : resolve(list),
    ),
  );
}
