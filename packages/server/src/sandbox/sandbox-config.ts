// Where the execution boundary draws its lines: the data directory no spec may read, the roots file
// reads are allowed under, and the system user untrusted code runs as when the server is root.
import path from 'node:path';

export interface SandboxConfig {
  /** Never readable by a spec, even when it lies inside a file root. */
  dataDir: string;
  /** Absolute folders file scrapers and local-path checks may read under. */
  fileRoots: string[];
  /** System user exec checks and scrapers run as when the server runs as root. */
  execUser: string;
}

/** The user created on first use when OPS_EXEC_USER is unset. */
export const DEFAULT_EXEC_USER = 'ops-exec';

let current: SandboxConfig | undefined;

/** Comma-separated OPS_FILE_ROOTS as absolute paths; empty means the working directory. */
export function parseFileRoots(value: string | undefined): string[] {
  const roots = (value ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => path.resolve(r));
  return roots.length ? roots : [process.cwd()];
}

/** Set once at start-up from the validated configuration (startServer); tests may call it again. */
export function configureSandbox(config: { dataDir: string; OPS_FILE_ROOTS?: string; OPS_EXEC_USER?: string }): SandboxConfig {
  current = {
    dataDir: path.resolve(config.dataDir),
    fileRoots: parseFileRoots(config.OPS_FILE_ROOTS),
    execUser: config.OPS_EXEC_USER || DEFAULT_EXEC_USER,
  };
  return current;
}

/** The boundary's settings; before start-up configures it, they come from the environment (engine unit tests). */
export function sandboxConfig(): SandboxConfig {
  return (current ??= configureSandbox({
    dataDir: process.env.OPS_DATA_DIR || '.data',
    OPS_FILE_ROOTS: process.env.OPS_FILE_ROOTS,
    OPS_EXEC_USER: process.env.OPS_EXEC_USER,
  }));
}
