import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configureSandbox } from '../../../../../sandbox/sandbox-config.js';
import { StaticSecretResolver } from '../../context.js';
import { loadKubeConnection, parseKubeConfig } from './kubeconfig.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ops-kubeconfig-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// A kubeconfig from a spec reads files only under OPS_FILE_ROOTS: allow this test's folder.
configureSandbox({ dataDir: path.join(dir, 'no-data'), OPS_FILE_ROOTS: dir });
const b64 = (s: string) => Buffer.from(s).toString('base64');

const config = (
  user: string,
  cluster = `server: https://k8s.local:6443/\n    certificate-authority-data: ${b64('CA PEM')}`,
) => `apiVersion: v1
kind: Config
current-context: prod
contexts:
- name: dev
  context: {cluster: other, user: other}
- name: prod
  context: {cluster: prod, user: admin}
clusters:
- name: prod
  cluster:
    ${cluster}
users:
- name: admin
  user:
    ${user}
`;

describe('kubeconfig', () => {
  it('uses the current context: server, CA, client certificate and token', async () => {
    const conn = await parseKubeConfig(
      config(`client-certificate-data: ${b64('CERT')}\n    client-key-data: ${b64('KEY')}\n    token: abc`),
      dir,
    );
    expect(conn).toMatchObject({ server: 'https://k8s.local:6443', ca: 'CA PEM', cert: 'CERT', key: 'KEY', token: 'abc', insecure: false });
  });

  it('reads files relative to the kubeconfig and refuses exec plugins', async () => {
    writeFileSync(path.join(dir, 'ca.crt'), 'FILE CA');
    writeFileSync(path.join(dir, 'token'), 'file-token\n');
    const conn = await parseKubeConfig(
      config('tokenFile: token', 'server: https://x\n    certificate-authority: ca.crt\n    insecure-skip-tls-verify: true'),
      dir,
    );
    expect(conn).toMatchObject({ ca: 'FILE CA', token: 'file-token', insecure: true });
    await expect(parseKubeConfig(config('exec: {command: aws}'), dir)).rejects.toThrow(
      'exec and auth-provider credential plugins are not supported',
    );
  });

  it('takes inline YAML, a path, or a secret reference', async () => {
    const ctx = { baseDir: dir, secrets: new StaticSecretResolver({ 'secret/kube/config': config('token: from-secret') }) };
    writeFileSync(path.join(dir, 'kubeconfig.yaml'), config('token: from-file'));
    expect((await loadKubeConnection(config('token: inline'), ctx)).token).toBe('inline');
    expect((await loadKubeConnection('kubeconfig.yaml', ctx)).token).toBe('from-file');
    expect((await loadKubeConnection({ valueFrom: { secretKeyRef: { name: 'kube', key: 'config' } } }, ctx)).token).toBe('from-secret');
    await expect(loadKubeConnection({ valueFrom: { secretKeyRef: { name: 'nope', key: 'config' } } }, ctx)).rejects.toThrow(
      'kubeconfig: secret "nope" key "config" not found',
    );
  });

  it('refuses a kubeconfig, or a file it names, outside the file roots', async () => {
    const ctx = { baseDir: dir, secrets: new StaticSecretResolver({}) };
    await expect(loadKubeConnection('/etc/shadow', ctx)).rejects.toThrow('outside the allowed roots');
    await expect(parseKubeConfig(config('tokenFile: /etc/shadow'), dir)).rejects.toThrow('outside the allowed roots');
    await expect(parseKubeConfig(config('client-key: /etc/shadow'), dir)).rejects.toThrow('outside the allowed roots');
    await expect(parseKubeConfig(config('token: t', 'server: https://x\n    certificate-authority: /etc/shadow'), dir)).rejects.toThrow(
      'outside the allowed roots',
    );
  });

  // ADR 0013: a spec's kubeconfig must not run commands past the sandbox (client libraries spawn these).
  it('never runs an exec or auth-provider credential command', async () => {
    const marker = path.join(dir, 'plugin-ran');
    const exec = `exec: {apiVersion: client.authentication.k8s.io/v1, command: /bin/sh, args: ["-c", "touch ${marker}"]}`;
    const provider = `auth-provider: {name: gcp, config: {cmd-path: /bin/sh, cmd-args: "-c 'touch ${marker}'"}}`;
    for (const user of [exec, provider])
      await expect(parseKubeConfig(config(user), dir)).rejects.toThrow('exec and auth-provider credential plugins are not supported');
    expect(existsSync(marker)).toBe(false);
  });
});
