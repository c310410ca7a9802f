// The data directory and its secrets are out of reach of scripts, also for files an older version wrote.
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { SecretBox } from '../modules/identity/secret-box.js';
import { restrictSecretFile, secureDataDir } from './data-dir-modes.js';
import { documentExecutesCode } from './executes-code.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ops-modes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const mode = (p: string) => statSync(p).mode & 0o777;

describe('data directory modes', () => {
  it('makes an existing data dir 0711 and existing secret files 0600', () => {
    const data = path.join(dir, 'data');
    secureDataDir(data);
    chmodSync(data, 0o755);
    writeFileSync(path.join(data, 'secret-key'), 'k'.repeat(43), { mode: 0o644 });
    writeFileSync(path.join(data, 'admin-password'), 'pw', { mode: 0o644 });
    writeFileSync(path.join(data, 'ops.properties'), 'logs.disable=true\n', { mode: 0o644 });
    secureDataDir(data);
    SecretBox.fromConfig(loadConfig({ OPS_DATA_DIR: data }));
    restrictSecretFile(path.join(data, 'admin-password'));
    expect(mode(data)).toBe(0o711);
    expect(mode(path.join(data, 'secret-key'))).toBe(0o600);
    expect(mode(path.join(data, 'admin-password'))).toBe(0o600);
    expect(mode(path.join(data, 'ops.properties'))).toBe(0o600);
  });
});

describe('documentExecutesCode', () => {
  it('finds exec checks, exec scrapers and scripts', () => {
    expect(documentExecutesCode('Canary', { exec: [{ script: 'true' }] })).toBe(true);
    expect(documentExecutesCode('Canary', { http: [{ url: 'x', test: { javascript: 'true' } }] })).toBe(true);
    expect(documentExecutesCode('Canary', { http: [{ url: 'x' }], exec: [] })).toBe(false);
    expect(documentExecutesCode('ScrapeConfig', { exec: [{ script: 'echo {}' }] })).toBe(true);
    expect(documentExecutesCode('ScrapeConfig', { file: [{ paths: ['a'] }] })).toBe(false);
    expect(documentExecutesCode('Team', { exec: [{ script: 'x' }] })).toBe(false);
    expect(
      documentExecutesCode('Playbook', {
        actions: [
          { name: 'a', http: { url: 'x' } },
          { name: 'b', exec: { script: 'ls' } },
        ],
      }),
    ).toBe(true);
    expect(documentExecutesCode('Playbook', { actions: [{ name: 'a', http: { url: 'x' } }] })).toBe(false);
  });
});
