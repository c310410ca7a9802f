// SFTP: an SSH login with the connection's username and password through the folder check's
// client (health module), the SFTP subsystem opened and the home folder resolved and listed.
import { parseHostPort, sftpReaddir, sftpRealpath, withSftp, type SftpLogin } from '../../health/index.js';
import { causeText, IncompleteConnectionError, safeUrl, type ConnectionTester, type DecryptedConnection } from './types.js';

/** Host and port from properties.host/port, else the `sftp://` (or `ssh://`, or bare host:port) url. */
function sftpTarget(c: DecryptedConnection): SftpLogin {
  const url = c.url?.trim() ?? '';
  let fromUrl: { host: string; port?: number; username: string; password: string } | undefined;
  if (/^(sftp|ssh):\/\//i.test(url)) {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw new Error(`sftp: "${safeUrl(url)}" is not a valid sftp:// URL`);
    }
    const port = u.port ? Number(u.port) : undefined;
    const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
    fromUrl = { host, port, username: decodeURIComponent(u.username), password: decodeURIComponent(u.password) };
  } else if (url) {
    const hp = parseHostPort(url.includes(':') ? url : `${url}:22`);
    if (!hp) throw new Error(`sftp: "${safeUrl(url)}" is neither host:port nor an sftp:// URL`);
    fromUrl = { ...hp, username: '', password: '' };
  }
  const host = c.properties.host?.trim() || fromUrl?.host || '';
  if (!host) throw new IncompleteConnectionError('the connection has no SFTP host');
  const portText = c.properties.port?.trim() || String(fromUrl?.port ?? 22);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`sftp: port "${portText}" is not a port number`);
  const username = c.username || fromUrl?.username || '';
  if (!username) throw new IncompleteConnectionError('the connection has no username');
  const password = c.password || fromUrl?.password || '';
  if (!password) throw new IncompleteConnectionError('the connection has no password');
  return { host, port, username, password };
}

/** Logs in and lists the home folder; the cause of a failure names the step and host. */
export const testSftp: ConnectionTester = async (c, opts) => {
  const t = sftpTarget(c);
  try {
    await withSftp(t, opts, async (sftp) => {
      const home = await sftpRealpath(sftp, '.');
      await sftpReaddir(sftp, home);
    });
  } catch (err) {
    throw new Error(`sftp: ${causeText(err)}`);
  }
};
