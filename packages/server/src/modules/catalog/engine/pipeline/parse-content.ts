import { parseAllDocuments } from 'yaml';
import { parseProperties } from './properties-format.js';

/** Formats read as structured data; anything else is kept as text under `content`. */
const STRUCTURED = new Set(['', 'json', 'yaml', 'yml']);

/**
 * Turn scraped text into data by the scraper's `format`: JSON or YAML (a multi-document YAML
 * stream becomes a list), `properties`, or, for other formats, `{format, content}` as config-db does.
 */
export function parseContent(text: string, format = ''): unknown {
  const f = format.toLowerCase();
  if (f === 'properties') return parseProperties(text);
  if (!STRUCTURED.has(f)) return { format, content: text };
  const json = parseJson(text);
  if (json !== undefined) return json;
  const docs = parseAllDocuments(text, { uniqueKeys: false });
  const list = Array.isArray(docs) ? docs : [];
  const bad = list.find((d) => d.errors.length > 0);
  if (bad) throw new Error(`invalid ${f || 'yaml'}: ${bad.errors[0]!.message.split('\n')[0]}`);
  const values = list.map((d) => d.toJS({ maxAliasCount: 1000 }) as unknown).filter((v) => v !== null && v !== undefined);
  if (values.length === 0) return null;
  return values.length === 1 ? values[0] : values;
}

/**
 * JSON is valid YAML, but the YAML parser is an order of magnitude slower on large bodies; most scraped
 * content is JSON, so try the native parser first. `undefined` means "not JSON, parse as YAML" (which
 * also accepts YAML flow documents that merely look like JSON).
 */
function parseJson(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[' && first !== '"') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
