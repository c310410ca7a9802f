// Data functions for templates: JSON in/out, jq, jsonpath, base64, crypto, uuid and regexp.
import { jq } from '../../jq/index.js';
import { queryJsonPath } from '../../jsonpath/index.js';
import { base64Decode, base64Encode, utf8Decode, utf8Encode } from '../../util/bytes.js';
import { hashHex, type HashName } from '../../util/hash.js';
import { parseJSON, toJSON } from '../../util/json.js';
import { compileRegex, quoteMeta, type Regex } from '../../util/re2.js';
import { uuidV4 } from '../../cel/lib/encoding.js';
import { Namespace, type TemplateFunc } from '../values.js';
import { int, str } from './args.js';

/** Parses a JSON object (gomplate's `json`); arrays go through jsonArray. */
function jsonObject(s: unknown): unknown {
  const v = parseJSON(str(s));
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    throw new Error('json: the text is not a JSON object; use jsonArray for arrays');
  return v;
}

function jsonArray(s: unknown): unknown {
  const v = parseJSON(str(s));
  if (!Array.isArray(v)) throw new Error('jsonArray: the text is not a JSON array');
  return v;
}

/** jsonpath(path, in): a JSON string input is parsed; one result is returned alone. */
function jsonpath(path: unknown, input: unknown): unknown {
  const data = typeof input === 'string' ? parseJSON(input) : input;
  const out = queryJsonPath(str(path), data);
  return out.length === 1 ? out[0] : out;
}

const b64enc = (v: unknown) => base64Encode(v instanceof Uint8Array ? v : utf8Encode(str(v)));
const b64dec = (v: unknown) => utf8Decode(base64Decode(str(v)));

const HASHES: [string, HashName][] = [
  ['SHA1', 'sha1'],
  ['SHA224', 'sha224'],
  ['SHA256', 'sha256'],
  ['SHA384', 'sha384'],
  ['SHA512', 'sha512'],
];
const crypto: Record<string, TemplateFunc> = Object.fromEntries(HASHES.map(([n, algo]) => [n, (v: unknown) => hashHex(algo, str(v))]));

/** A pattern on RE2 (Go's regexp syntax, linear time); refusals name the construct. */
function re(pattern: unknown): Regex {
  return compileRegex(str(pattern));
}

const regexp: Record<string, TemplateFunc> = {
  Match: (p, s) => re(p).test(str(s)),
  Find: (p, s) => re(p).find(str(s))?.text ?? '',
  FindAll: (...a) => {
    const s = str(a.at(-1));
    const n = a.length === 3 ? int(a[1]) : -1;
    return re(a[0])
      .findAll(s, n < 0 ? -1 : n)
      .map((m) => m.text);
  },
  Replace: (p, to, s) =>
    re(p).replace(
      str(s),
      str(to)
        .replace(/\$\{?(\w+)\}?/g, '$<$1>')
        .replace(/\$<(\d+)>/g, '$$$1'),
    ),
  ReplaceLiteral: (p, to, s) => re(p).replace(str(s), () => str(to)),
  QuoteMeta: (s) => quoteMeta(str(s)),
  Split: (...a) => {
    const n = a.length === 3 ? int(a[1]) : -1;
    return re(a[0]).split(str(a.at(-1)), n < 0 ? -1 : n);
  },
};

/** Data, encoding and hashing functions by template name. */
export const DATA_FUNCS: Record<string, TemplateFunc> = {
  toJSON: (v) => toJSON(v),
  toJson: (v) => toJSON(v),
  toJSONPretty: (indent, v) => toJSON(v, str(indent) || '  '),
  toPrettyJson: (v) => toJSON(v, '  '),
  json: jsonObject,
  jsonArray,
  fromJson: (s) => parseJSON(str(s)),
  jq: (expr, v) => jq(str(expr), v),
  jsonpath,
  b64enc,
  b64dec,
  sha1sum: (v) => hashHex('sha1', str(v)),
  sha256sum: (v) => hashHex('sha256', str(v)),
  md5sum: (v) => hashHex('md5', str(v)),
  uuidv4: uuidV4,
  data: () =>
    new Namespace('data', {
      JSON: jsonObject,
      JSONArray: jsonArray,
      ToJSON: (v) => toJSON(v),
      ToJSONPretty: (i, v) => toJSON(v, str(i) || '  '),
    }),
  base64: () => new Namespace('base64', { Encode: b64enc, Decode: b64dec }),
  crypto: () => new Namespace('crypto', crypto),
  uuid: () =>
    new Namespace('uuid', {
      V4: uuidV4,
      Nil: () => '00000000-0000-0000-0000-000000000000',
      IsValid: (s) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(str(s)),
    }),
  regexp: () => new Namespace('regexp', regexp),
};
