import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';

/** The properties file name looked for in the data dir when OPS_PROPERTIES_FILE is unset. */
export const DEFAULT_PROPERTIES_FILE = 'ops.properties';

const KEY = /^[\w.\-/]+$/;

/** Thrown for an unreadable or malformed properties file; the message names the file and line. */
export class PropertiesFileError extends Error {}

/**
 * The local properties file to load: OPS_PROPERTIES_FILE (which must exist), else `<dataDir>/ops.properties`
 * when present, else none.
 */
export function propertiesFilePath(config: Pick<Config, 'OPS_PROPERTIES_FILE' | 'dataDir'>): string | undefined {
  if (config.OPS_PROPERTIES_FILE) {
    const file = path.resolve(config.OPS_PROPERTIES_FILE);
    if (!existsSync(file)) throw new PropertiesFileError(`OPS_PROPERTIES_FILE: file not found: ${file}`);
    return file;
  }
  const fallback = path.join(config.dataDir, DEFAULT_PROPERTIES_FILE);
  return existsSync(fallback) ? fallback : undefined;
}

/**
 * Parse `key=value` lines: blank lines and lines starting with '#' or '!' are comments, spaces around key
 * and value are dropped, the value may be empty and may contain '='; a repeated key keeps its last value.
 */
export function parseProperties(text: string, source = 'properties file'): Map<string, string> {
  const out = new Map<string, string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('!')) return;
    const eq = line.indexOf('=');
    if (eq < 0) throw new PropertiesFileError(`${source}:${i + 1}: expected key=value, got '${line}'`);
    const key = line.slice(0, eq).trim();
    if (!KEY.test(key))
      throw new PropertiesFileError(`${source}:${i + 1}: invalid property name '${key}' (letters, digits, '.', '_', '-', '/')`);
    out.set(key, line.slice(eq + 1).trim());
  });
  return out;
}

/** Read and parse a properties file. */
export function readPropertiesFile(file: string): Map<string, string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new PropertiesFileError(`cannot read properties file ${file}: ${(err as Error).message}`);
  }
  return parseProperties(text, file);
}
