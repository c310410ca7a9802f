// The start-up check of the key secrets are sealed with. Without it a server given another OPS_SECRET_KEY
// (or a fresh key file) starts and serves, and fails on every secret later: checks whose connection will
// not decrypt, second factors that no longer verify. With it start-up stops at once and says what to do.
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/pool.js';
import { SecretBox } from '../identity/index.js';

// What the check row seals; any text does, opening it is the test (AES-GCM refuses another key).
const MARKER = 'ops-console secret key check v1';

/** Start-up refused: the configured key does not open what this database holds. */
export class SecretKeyMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretKeyMismatchError';
  }
}

/**
 * Verifies on start-up that this server's key opens the database's sealed values: the check row sealed
 * on the first start or, on a database from before the check, one sealed secret it already holds. On
 * success the row is written when missing; on failure throws SecretKeyMismatchError naming OPS_SECRET_KEY.
 */
export async function verifySecretKey(db: Db, config: Config): Promise<void> {
  const box = SecretBox.fromConfig(config);
  let sealed = await readCheck(db);
  if (sealed === undefined) {
    const existing = await anySealedSecret(db);
    if (existing && opens(box, existing.sealed) === undefined) throw mismatch(config, existing.what);
    // Replicas starting together both insert; one wins and the other verifies the winner's row below.
    await sql`INSERT INTO secret_key_check (id, sealed) VALUES (true, ${box.seal(MARKER)}) ON CONFLICT (id) DO NOTHING`.execute(db.kysely);
    sealed = (await readCheck(db))!;
  }
  if (opens(box, sealed) !== MARKER) throw mismatch(config, 'the key check written on its first start');
}

async function readCheck(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ sealed: string }>`SELECT sealed FROM secret_key_check WHERE id`.execute(db.kysely);
  return rows[0]?.sealed;
}

// A database written before the check existed: any one sealed value shows which key it was written with.
async function anySealedSecret(db: Db): Promise<{ sealed: string; what: string } | undefined> {
  const { rows } = await sql<{ sealed: string; what: string }>`
    SELECT sealed, what FROM (
      SELECT coalesce(
               CASE WHEN c.password LIKE 'v1:%' THEN c.password END,
               CASE WHEN c.certificate LIKE 'v1:%' THEN c.certificate END,
               CASE WHEN c.url LIKE 'v1:%' THEN c.url END,
               CASE WHEN c.username LIKE 'v1:%' THEN c.username END,
               (SELECT p.value ->> 'sealed' FROM jsonb_each(c.properties) AS p
                 WHERE jsonb_typeof(p.value) = 'object' AND p.value ? 'sealed' LIMIT 1)
             ) AS sealed,
             'the secrets of connection ' || c.namespace || '/' || c.name AS what
        FROM connections c
      UNION ALL
      SELECT secret, 'a stored second factor (TOTP)' FROM identity_credentials WHERE type = 'totp' AND secret LIKE 'v1:%'
    ) s
    WHERE sealed IS NOT NULL
    LIMIT 1`.execute(db.kysely);
  return rows[0];
}

function opens(box: SecretBox, sealed: string): string | undefined {
  try {
    return box.open(sealed);
  } catch {
    return undefined;
  }
}

// Names the variable, where this server's key came from, and what to set; never the key itself.
function mismatch(config: Config, what: string): SecretKeyMismatchError {
  const source =
    config.OPS_SECRET_KEY !== undefined
      ? 'OPS_SECRET_KEY is set'
      : `OPS_SECRET_KEY is not set, so the key was read from ${path.join(config.dataDir, 'secret-key')}`;
  return new SecretKeyMismatchError(
    `OPS_SECRET_KEY does not match the key this database's secrets were encrypted with: ${what} cannot be decrypted (${source}). ` +
      'Set OPS_SECRET_KEY to the key the data was written with and start again; if it was written while OPS_SECRET_KEY was unset, ' +
      "that key is the content of the file secret-key in that server's data directory (OPS_DATA_DIR). The server did not start, " +
      'so that nothing is served with secrets it cannot read.',
  );
}
