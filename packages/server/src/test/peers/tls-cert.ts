// A self-signed certificate for the loopback HTTPS peer, made with Debian's openssl CLI (node:crypto
// cannot make X.509 certificates). Valid for 127.0.0.1, ::1 and localhost for a year.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TestCertificate {
  cert: string;
  key: string;
}

let cached: Promise<TestCertificate> | undefined;

/** One certificate per test process (generation takes ~50 ms). Fails clearly when openssl is missing. */
export function testCertificate(): Promise<TestCertificate> {
  return (cached ??= generate());
}

async function generate(): Promise<TestCertificate> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ops-peer-cert-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    const args = [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '365',
      '-subj',
      '/CN=ops-console test peer',
    ];
    args.push('-addext', 'subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost', '-keyout', key, '-out', cert);
    try {
      await run('openssl', args);
    } catch (err) {
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      throw new Error(
        missing ? 'the HTTPS test peer needs the openssl command (Debian package openssl)' : `openssl failed: ${(err as Error).message}`,
        { cause: err },
      );
    }
    return { cert: await readFile(cert, 'utf8'), key: await readFile(key, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
