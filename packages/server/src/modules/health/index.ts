// The health area as the rest of the server uses it: the `Canary` kind of apply and the check scheduler
// the composition root starts. Its routes are registered from modules/route-modules.ts.
export { canaryKind, type CanaryKindEntry } from './canary.kind.js';
export { CheckScheduler, type SchedulerOptions } from './check-scheduler.js';
export { checkRetentionJob, checkRollupJob, checkSummaryJob } from './health.jobs.js';
export { checkConfigLinksJob } from './check-config-links.js';
export { HEALTH_RELATIONS } from './health.relations.js';
// The static secret source (OPS_SECRET_<NAME>_<KEY>) that connections read secretKeyRef credentials from.
export { createStaticSecretResolver } from './engine/index.js';
// Target parsers and the SigV4 signer that connection tests share with the checks.
export { parseHostPort } from './engine/checks/host-port.js';
export { signSigV4 } from './engine/checks/http/aws-sigv4.js';
export { parseMssqlConnection } from './engine/checks/sql/mssql-connection.js';
export { parseMysqlDsn } from './engine/checks/sql/mysql-dsn.js';
export { sftpReaddir, sftpRealpath, withSftp, type SftpLogin } from './engine/checks/folder/sftp-client.js';
// The topology engine runs lookups as checks and keeps the inline canaries of its components.
export { parseCanary, runCheck, CanaryValidationError, type CheckResult, type ParsedCanary } from './engine/index.js';
export { upsertCanary, softDeleteCanary } from './canary.repository.js';
export { syncCanary, CANARY_SCHEDULE_KIND } from './canary-sync.js';
// Playbook actions reuse the exec check's artifact reader and the HTTP check's client.
export { collectArtifacts, MAX_ARTIFACT_BYTES } from './engine/checks/exec/artifacts.js';
export { performHttpCall, type HttpCall, type HttpResult } from './engine/checks/http/http-client.js';
