import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A host that never answers pings, without sending a packet off this machine: a `ping` wrapper that runs the
 * real ping inside a fresh network namespace whose loopback ignores echo requests. Tests put `dir` first on
 * PATH while an icmp check runs against `host`. Needs root (CI and dev machines run as root), iproute2 and procps.
 */
export function silentPing(): { dir: string; host: string; withSilentPing<T>(fn: () => Promise<T>): Promise<T> } {
  const dir = mkdtempSync(path.join(tmpdir(), 'ops-silent-ping-'));
  const script = [
    '#!/bin/sh',
    `exec unshare -n sh -c 'ip link set lo up && sysctl -qw net.ipv4.icmp_echo_ignore_all=1 && exec /usr/bin/ping "$@"' ping "$@"`,
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'ping'), script);
  chmodSync(path.join(dir, 'ping'), 0o755);
  return {
    dir,
    host: '127.0.0.1',
    async withSilentPing<T>(fn: () => Promise<T>): Promise<T> {
      const saved = process.env.PATH;
      process.env.PATH = `${dir}:${saved ?? '/usr/bin:/bin'}`;
      try {
        return await fn();
      } finally {
        process.env.PATH = saved;
      }
    },
  };
}
