// The command prefix that confines one run. As root (verified on util-linux 2.38):
//   setpriv --pdeathsig KILL -- unshare --pid --fork --kill-child --mount-proc --
//     setpriv --reuid=U --regid=G --clear-groups --no-new-privs --pdeathsig KILL -- <command>
// The outer parent-death signal is set on the root-side process (the kernel clears pdeath_signal when
// the uid changes, which also voids unshare's --kill-child), so the inner setpriv sets it again after
// dropping to U. The script is PID 1 of its own PID namespace: when it ends or is killed, the kernel
// kills every descendant, including ones that left the process group.
import { execFile } from 'node:child_process';
import type { ExecUser } from './exec-user.js';

export interface Isolation {
  /** argv to put before the command. */
  prefix: string[];
  /** 'namespace': a PID namespace holds every descendant; 'group': only the process group and pdeathsig. */
  mode: 'namespace' | 'group' | 'none';
}

let probes: Promise<{ setpriv: boolean; pidNamespace: boolean }> | undefined;
let warned = false;

/** How to confine a run: as `user` when given (server is root), else as the server's own user. */
export async function isolation(user: ExecUser | undefined, warn: (msg: string) => void): Promise<Isolation> {
  const { setpriv, pidNamespace } = await (probes ??= probe(user !== undefined));
  const drop = user ? [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups'] : [];
  if (!setpriv) {
    if (user) throw new Error('cannot run scripts as root without setpriv (util-linux): install it or run the server as another user');
    warnOnce(warn, 'setpriv (util-linux) is missing: scripts run in their own process group only');
    return { prefix: [], mode: 'none' };
  }
  const inner = ['setpriv', ...drop, '--no-new-privs', '--pdeathsig', 'KILL', '--'];
  if (!pidNamespace) {
    warnOnce(warn, 'unshare --pid is not permitted here: scripts run in their own process group with a parent-death signal only');
    return { prefix: inner, mode: 'group' };
  }
  // Without root, a user namespace mapping only our own uid gives the right to make the PID namespace.
  const userNs = user ? [] : ['--user', '--map-current-user'];
  return {
    prefix: [
      'setpriv',
      '--pdeathsig',
      'KILL',
      '--',
      'unshare',
      ...userNs,
      '--pid',
      '--fork',
      '--kill-child',
      '--mount-proc',
      '--',
      ...inner,
    ],
    mode: 'namespace',
  };
}

function warnOnce(warn: (msg: string) => void, msg: string): void {
  if (warned) return;
  warned = true;
  warn(msg);
}

async function probe(root: boolean): Promise<{ setpriv: boolean; pidNamespace: boolean }> {
  const ok = (cmd: string, args: string[]) =>
    new Promise<boolean>((resolve) => execFile(cmd, args, { timeout: 5000 }, (err) => resolve(!err)));
  const setpriv = await ok('setpriv', ['--pdeathsig', 'KILL', '--', 'true']);
  const userNs = root ? [] : ['--user', '--map-current-user'];
  const pidNamespace = await ok('unshare', [...userNs, '--pid', '--fork', '--kill-child', '--mount-proc', '--', 'true']);
  return { setpriv, pidNamespace };
}
