import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import { restrictSecretFile } from '../../sandbox/data-dir-modes.js';

const PREFIX = 'v1:';

/**
 * Encrypts secrets at rest (TOTP secrets, pending recovery codes) with AES-256-GCM under a key derived
 * from OPS_SECRET_KEY, or from `<data dir>/secret-key` generated once when the variable is unset.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** The box for this configuration; creates the key file on first use. */
  static fromConfig(config: Config): SecretBox {
    return new SecretBox(
      createHash('sha256')
        .update(config.OPS_SECRET_KEY ?? keyFile(config.dataDir))
        .digest(),
    );
  }

  /** `v1:` + base64url(iv | tag | ciphertext). */
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The clear text; throws when the value was not sealed with this key (tampered or another key). */
  open(sealed: string): string {
    if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed secret');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

// Read the generated key, or write a new one; `wx` makes concurrent first starts agree on one key.
function keyFile(dataDir: string): string {
  const file = path.join(dataDir, 'secret-key');
  try {
    const key = readFileSync(file, 'utf8').trim();
    restrictSecretFile(file); // 0600 also for keys written by older versions
    return key;
  } catch {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return readFileSync(file, 'utf8').trim();
  }
}
