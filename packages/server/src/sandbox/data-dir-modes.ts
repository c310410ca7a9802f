// Modes that keep the data directory out of reach of the code specs run: the folder is 0711 (the
// postgres user can still traverse it to pg/, nobody else can list it) and secrets in it are 0600.
import { chmodSync, chownSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export const DATA_DIR_MODE = 0o711;
export const SECRET_FILE_MODE = 0o600;

/**
 * Create the data directory if needed and set its mode (every start, so old installs are fixed). The local
 * properties file may hold settings an operator considers private, so it is 0600 like the secrets.
 */
export function secureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  chmodSync(dataDir, DATA_DIR_MODE);
  restrictSecretFile(path.join(dataDir, 'ops.properties'));
}

/** Make an existing secret file 0600 and owned by the server's user (root when it runs as root). */
export function restrictSecretFile(file: string): void {
  if (!existsSync(file)) return;
  chmodSync(file, SECRET_FILE_MODE);
  if (typeof process.getuid === 'function' && typeof process.getgid === 'function' && process.getuid() === 0) {
    chownSync(file, 0, process.getgid());
  }
}
