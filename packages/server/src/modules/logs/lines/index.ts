// Log lines without a backend: the LogLine shape, message parsers (json, logfmt, klog, syslog,
// autodetect), deduplication, CEL matching, grouping and the post-processing that chains them.
export { DEFAULT_MESSAGE_FIELDS, LogLineError, effectiveMessage, timeOf, toLogLine, type LogLine, type LogLineInput } from './log-line.js';
export { normalizeSeverity, SYSLOG_SEVERITIES } from './severity.js';
export { detectLogFormat, LOG_FORMATS, parseLogLine, parseLogLines, type DetectedFormat, type LogFormat } from './parse.js';
export { parseJsonLine } from './parse-json.js';
export { parseLogfmtLine } from './parse-logfmt.js';
export { parseKlogLine } from './parse-klog.js';
export { parseSyslogLine } from './parse-syslog.js';
export { lineHash, messageFingerprint, messageTemplate } from './fingerprint.js';
export { fieldKey, fieldValue, LINE_FIELDS } from './fields.js';
export { dedupeLogs, DedupeWindowError, parseDedupeWindow, type DedupeOptions } from './dedupe.js';
export { compileLogMatcher, logLineCelVars, matchLogs, type LogMatcher } from './match.js';
export { groupLogs, type GroupedLogs, type GroupOptions, type LogGroup } from './group.js';
export { logPostProcessSchema, matchProblems, postProcessLogs, type LogPostProcess } from './post-process.js';
export { isContinuationLine, splitLogEntries } from './multiline.js';
