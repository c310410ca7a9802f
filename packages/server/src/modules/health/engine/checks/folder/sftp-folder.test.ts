// Folder checks over SFTP against a loopback ssh2 server serving a small tree: listing with limits
// and filters, recursion, a missing folder, and a refused password named without echoing it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEntry } from '../../../../../test/peers/canary-helpers.js';
import { startSftpPeer, type SftpPeer } from '../../../../../test/peers/sftp-server.js';

const USER = 'backup';
const PASSWORD = 'sftp-folder-secret-64';
const WRONG = 'wrong-secret-Zq81';
const now = Math.floor(Date.now() / 1000);
let peer: SftpPeer;

beforeAll(async () => {
  peer = await startSftpPeer({
    username: USER,
    password: PASSWORD,
    home: '/home/backup',
    tree: {
      '/data': {
        'daily-1.tar': { size: 2048, mtime: now - 30 * 3600 },
        'daily-2.tar': { size: 4096, mtime: now - 2 * 3600 },
        'notes.txt': { size: 10, mtime: now - 60 },
        old: 'dir',
      },
      '/data/old': { 'daily-0.tar': { size: 1024, mtime: now - 50 * 3600 } },
    },
  });
});
afterAll(() => peer.close());

const check = (path: string, entry: Record<string, unknown> = {}, login: Record<string, unknown> = {}) =>
  runEntry('folder', { path, sftpConnection: { username: USER, password: PASSWORD, ...login }, ...entry });

describe('folder check over sftp', () => {
  it('lists the folder with sizes and ages and applies limits and filters', async () => {
    const url = `sftp://127.0.0.1:${peer.port}/data`;
    const r = await check(url, { minCount: 3, maxCount: 3 });
    expect(r.pass, r.error).toBe(true);
    const detail = r.detail as { files: Array<{ name: string; size: number; is_dir: boolean }>; newest: { name: string } };
    expect(detail.files.map((f) => f.name).sort()).toEqual(['daily-1.tar', 'daily-2.tar', 'notes.txt']);
    expect(detail.newest.name).toBe('notes.txt');
    expect(await check(url, { maxSize: '3KB' })).toMatchObject({ pass: false, error: 'daily-2.tar is too large: 4096 bytes > 3KB' });
    expect(await check(url, { filter: { regex: '^daily' }, minCount: 2, maxCount: 2, maxAge: '2d' })).toMatchObject({ pass: true });
    expect(await check(url, { recursive: true, filter: { regex: '\\.tar$' }, minCount: 3, maxCount: 3 })).toMatchObject({
      pass: true,
    });
  });

  it('takes host and port from sftpConnection, and treats a missing folder as empty', async () => {
    const r = await check('sftp://ignored/data', { minCount: 3 }, { host: '127.0.0.1', port: peer.port });
    expect(r.pass, r.error).toBe(true);
    expect(await check(`sftp://127.0.0.1:${peer.port}/nope`, { minCount: 1 })).toMatchObject({
      pass: false,
      error: 'too few files 0 < 1',
    });
  });

  it('fails naming a refused password without echoing it', async () => {
    const r = await check(`sftp://127.0.0.1:${peer.port}/data`, {}, { password: WRONG });
    expect(r.pass).toBe(false);
    expect(r.error).toBe(`sftp: 127.0.0.1:${peer.port}: authentication failed for user "${USER}" (the server refused the password)`);
    expect(JSON.stringify(r)).not.toContain(WRONG);
  });
});
