import os from 'node:os';

export interface MachineInfo {
  cpu: string;
  cores: number;
  ramGiB: number;
  node: string;
  os: string;
  date: string;
  /** 1-minute load average when the run started: other work on the machine skews every figure. */
  load1: number;
}

/** What the figures were measured on: they only mean something next to this. */
export function machineInfo(now = new Date()): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: (cpus[0]?.model ?? 'unknown').trim(),
    cores: os.availableParallelism?.() ?? cpus.length,
    ramGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    date: now.toISOString().replace(/\.\d+Z$/, 'Z'),
    load1: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

/** One line for a section header. */
export function machineLine(m: MachineInfo): string {
  return `${m.date} · ${m.cpu} · ${m.cores} cores · ${m.ramGiB} GiB RAM · Node ${m.node} · ${m.os} · load average ${m.load1} at start`;
}
