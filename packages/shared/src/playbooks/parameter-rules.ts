// The validation rules of playbook run parameters, one function for the run dialog and the server: required,
// text length and pattern (RE2, as every user pattern), min/max in the parameter's unit, and the formats bytes,
// millicores, dns1123 and duration. Messages name the parameter by its label.
import { parseGoDuration } from '../expr/util/go-duration.js';
import { cpuMillicores, memoryBytes } from '../expr/util/quantity.js';
import { compileRegex, RegexSyntaxError } from '../expr/util/re2.js';
import type { PlaybookParameterWire } from './playbook-api.schemas.js';

const DNS1123 = /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/;

type Format = 'bytes' | 'millicores' | 'dns1123' | 'duration';

/** A value in the format's unit (bytes, millicores, milliseconds), or undefined when it is not in the format. */
function measure(format: Format | 'number', text: string): number | undefined {
  const t = text.trim();
  if (format === 'bytes') {
    // A byte count is whole: '100m' (a thousandth of a byte in Kubernetes' notation) is not a size.
    return t.endsWith('m') ? undefined : memoryBytes(t);
  }
  if (format === 'millicores') {
    return cpuMillicores(t);
  }
  if (format === 'duration') {
    try {
      return Number(parseGoDuration(t)) / 1e6;
    } catch {
      return undefined;
    }
  }
  if (format === 'dns1123') return DNS1123.test(t) && t.length <= 253 ? 0 : undefined;
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : undefined;
}

const FORMAT_MESSAGES: Record<Format, string> = {
  bytes: 'must be a size such as 512Mi or 1G',
  millicores: 'must be CPU in millicores or cores, such as 500m or 2',
  dns1123: "must be lowercase letters, digits, '-' and '.', starting and ending with a letter or digit",
  duration: 'must be a duration such as 30s, 5m, 1h or 2d',
};

function formatOf(param: PlaybookParameterWire): Format | undefined {
  if (param.type === 'bytes' || param.type === 'millicores' || param.type === 'duration') return param.type;
  const f = param.properties?.format;
  return f === 'bytes' || f === 'millicores' || f === 'dns1123' || f === 'duration' ? f : undefined;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const limit = (v: number | string | undefined) => (v === undefined || v === '' ? undefined : Number(v));

/**
 * The first rule a parameter value breaks, as a message naming the parameter's label, or null when the value
 * is acceptable. The run dialog shows it under the field; the server refuses a run with it (400).
 */
export function parameterValueError(param: PlaybookParameterWire, value: unknown): string | null {
  const label = param.label?.trim() || param.name;
  if (isEmpty(value)) return param.required ? `${label} is required` : null;
  if (param.type === 'checkbox') {
    return typeof value === 'boolean' || value === 'true' || value === 'false' ? null : `${label} must be true or false`;
  }
  if (typeof value !== 'string' && typeof value !== 'number') return null; // ids and objects of resource pickers
  const text = String(value);
  const p = param.properties ?? {};
  const minLength = limit(p.minLength);
  const maxLength = limit(p.maxLength);
  if (minLength !== undefined && text.length < minLength) return `${label} must be at least ${minLength} characters`;
  if (maxLength !== undefined && text.length > maxLength) return `${label} must be at most ${maxLength} characters`;
  if (p.regex) {
    try {
      if (!compileRegex(p.regex).test(text)) return `${label} must match the pattern ${p.regex}`;
    } catch (err) {
      if (err instanceof RegexSyntaxError) return `${label} has an invalid pattern: ${err.reason}`;
      throw err;
    }
  }
  const format = formatOf(param);
  if (format && measure(format, text) === undefined) return `${label} ${FORMAT_MESSAGES[format]}`;
  if (param.type === 'list' && p.options?.length) {
    const values = p.options.map((o) => (typeof o === 'string' ? o : o.value));
    if (!values.includes(text)) return `${label} must be one of ${values.join(', ')}`;
  }
  return rangeError(label, format, text, p.min, p.max);
}

// min and max in the parameter's unit: 5m for a duration, 512Mi for bytes, 500m for millicores, else a number.
function rangeError(label: string, format: Format | undefined, text: string, min?: number | string, max?: number | string): string | null {
  if ((min === undefined || min === '') && (max === undefined || max === '')) return null;
  const unit = format === 'dns1123' || format === undefined ? 'number' : format;
  const v = measure(unit, text);
  if (v === undefined) return `${label} must be a number`;
  const bound = (b: number | string) => measure(unit, String(b));
  if (min !== undefined && min !== '' && v < (bound(min) ?? -Infinity)) return `${label} must be at least ${min}`;
  if (max !== undefined && max !== '' && v > (bound(max) ?? Infinity)) return `${label} must be at most ${max}`;
  return null;
}
