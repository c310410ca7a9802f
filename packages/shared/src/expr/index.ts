// The expression layer used by every engine: CEL, Go templates, JSONPath and jq, plus the value
// helpers engines need to hand data in (durations) and the one error type they all throw.
export { ExprError, type ExprLanguage, type ExprPosition } from './errors.js';
export {
  CelEnvironment,
  defaultCelEnvironment,
  evaluateCel,
  validateCel,
  parseCel,
  celRegexLiteralProblem,
  toCel,
  fromCel,
  toCelVars,
  type CelFunction,
  type CelEvaluateOptions,
} from './cel/index.js';
export {
  renderTemplate,
  compileTemplate,
  validateTemplate,
  templateFunctionNames,
  Namespace as TemplateNamespace,
  type TemplateFunc,
  type TemplateOptions,
  type MissingKey,
} from './template/index.js';
export {
  queryJsonPath,
  jsonPathFirst,
  updateJsonPath,
  normalizeJsonPath,
  validateJsonPath,
  DELETE as JSONPATH_DELETE,
} from './jsonpath/index.js';
export { jq, runJq, compileJq, type JqOptions, type JqValue } from './jq/index.js';
export { Duration as CelDuration, durationFromMs, durationFromNanos, durationString } from './util/values.js';
export { parseGoDuration, formatGoDuration, formatHumanDuration } from './util/go-duration.js';
export { formatGoTime, parseGoTime } from './util/go-time.js';
export { hashHex, type HashName } from './util/hash.js';
export { matchQuery, matchLabel } from './util/match-query.js';
export { specRegexIssues, type SpecRegexIssue } from './spec-regex-issues.js';
export {
  compileRegex,
  regexProblem,
  quoteMeta as quoteRegexMeta,
  jsFlags as regexFlagsOf,
  Regex,
  RegexSyntaxError,
  type RegexFlags,
  type RegexMatch,
} from './util/re2.js';
export { toJSON as toGoJSON } from './util/json.js';
export { compareSemver, semverSatisfies } from './util/semver.js';
