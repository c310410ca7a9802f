import path from 'node:path';
import { z } from 'zod';

/** Every environment variable the server reads, validated once at start (README lists them). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  OPS_DATA_DIR: z.string().min(1).default('.data'),
  OPS_EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5488),
  OPS_ADMIN_EMAIL: z.string().email().default('admin@ops.local'),
  OPS_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  OPS_SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  // Identity (issue 3): sign-in flows, mail, OIDC and organisation mode. README lists each.
  OPS_PRIVILEGED_SESSION_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  OPS_ALLOW_REGISTRATION: z.enum(['true', 'false']).default('false'),
  OPS_PUBLIC_URL: z.string().url('must be a URL such as https://ops.example.com').optional(),
  OPS_AUTH_PROVIDER: z.enum(['self-hosted', 'hosted']).default('self-hosted'),
  // Origins an organisation's backend_url may name: the web sends bearer tokens there. Empty: only ours.
  OPS_ORG_BACKEND_URLS: z
    .string()
    .refine(
      (v) => v.split(',').every((o) => !o.trim() || URL.canParse(o.trim())),
      'must be comma-separated origins such as https://eu.ops.example.com',
    )
    .default(''),
  // Origins whose pages may call the data API (/api/db) from the browser (CORS). Empty: none.
  OPS_CORS_ORIGINS: z
    .string()
    .refine(
      (v) => v.split(',').every((o) => !o.trim() || (URL.canParse(o.trim()) && new URL(o.trim()).origin === o.trim())),
      'must be comma-separated origins such as https://app.example.com (scheme, host and port; no path)',
    )
    .default(''),
  OPS_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  OPS_AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  // Comma-separated IPs/CIDRs of reverse proxies whose X-Forwarded-For/-Proto/-Host we believe.
  OPS_TRUSTED_PROXIES: z.string().optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().min(3).default('Ops Console <no-reply@ops.local>'),
  SMTP_SECURE: z.enum(['true', 'false']).default('false'),
  OIDC_ISSUER: z.string().url('must be the issuer URL of an OpenID Connect provider').optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_LABEL: z.string().min(1).default('SSO'),
  OPS_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OPS_JOB_HISTORY_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
  OPS_PROPERTIES_FILE: z.string().optional(),
  OPS_WEB_DIST: z.string().optional(),
  OPS_JOBS: z.enum(['true', 'false']).default('true'),
  // Execution boundary (src/sandbox): where file scrapers may read, and whom scripts run as when root.
  OPS_FILE_ROOTS: z.string().optional(),
  OPS_EXEC_USER: z
    .string()
    .regex(/^[a-z_][a-z0-9_-]*$/, 'must be a system user name such as ops-exec')
    .optional(),
  OPS_METRICS_PUBLIC: z.enum(['true', 'false']).default('false'),
  OPS_MODE: z.enum(['full', 'health']).default('full'),
  OPS_CHECK_STATUS_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
  OPS_CHECK_ROLLUP_HOURLY_RETENTION_DAYS: z.coerce.number().int().positive().default(90),
  OPS_CHECK_ROLLUP_DAILY_RETENTION_DAYS: z.coerce.number().int().positive().default(730),
  // A run holds its slot while its results wait for the batching writer (~200 ms), so the pool must be
  // wide: at 64 slots a process tops out near 160 runs/s, below 10,000 checks a minute (bench/RESULTS.md).
  OPS_CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(256),
  // Playbook runs one process works at once (each run does one action at a time).
  OPS_PLAYBOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(5),
  OPS_CHECK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // See heap-growth.ts: 0 leaves V8's own heuristic.
  OPS_HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(300).default(100),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  dataDir: string;
  version: string;
}

/** Thrown when the environment holds a value we cannot use; main prints it and exits 1. */
export class ConfigError extends Error {}

/** Parse and validate the environment; the error names each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, version = '0.0.0'): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.OPS_DATA_DIR), version };
}
