import { specRegexIssues } from '@ops/shared/expr';
import { parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { javascriptIssue } from './javascript-issues.js';
import { parseSchedule, type Schedule } from './schedule.js';
import { scrapeConfigSchema, type ScrapeConfigDocument } from './scrape-config.schema.js';

/** Scraper types this engine can run; others in a spec are kept but reported as unsupported. */
export const SUPPORTED_SCRAPER_TYPES = ['file', 'exec', 'http', 'sql', 'kubernetes'] as const;
export type ScraperTypeName = (typeof SUPPORTED_SCRAPER_TYPES)[number];

/** Keys of `spec` that are settings rather than scraper lists. */
const SPEC_SETTINGS = new Set(['schedule', 'full', 'retention']);

/** An invalid ScrapeConfig; the message starts with the field path, e.g. `spec.sql[0].query: query is required`. */
export class ScrapeConfigError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ScrapeConfigError';
  }
}

/** A validated ScrapeConfig with its schedule resolved and the scraper types it uses. */
export interface ParsedScrapeConfig {
  document: ScrapeConfigDocument;
  name: string;
  namespace: string | undefined;
  schedule: Schedule;
  full: boolean;
  /** Scraper types present in the spec that this engine does not run (e.g. aws). */
  unsupported: string[];
}

/** `["spec","sql",0,"query"]` → `spec.sql[0].query`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '');
}

function issueMessage(issue: z.core.$ZodIssue): string {
  const msg = issue.message.replace(/^Invalid input: /, '');
  return /received undefined$/.test(msg) ? 'is required' : msg;
}

/**
 * Validate a ScrapeConfig given as an object or as YAML/JSON text (first document). Throws
 * ScrapeConfigError naming the first bad field.
 */
export function parseScrapeConfig(input: unknown): ParsedScrapeConfig {
  const value = typeof input === 'string' ? parseYamlDocument(input) : input;
  const result = scrapeConfigSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = fieldPath(issue.path);
    throw new ScrapeConfigError(`${field || 'document'}: ${issueMessage(issue)}`, field);
  }
  const document = result.data;
  // A literal `matches` pattern RE2 refuses (backreference, lookaround) is refused at save.
  const badRegex = specRegexIssues(document.spec, 'spec')[0];
  if (badRegex) throw new ScrapeConfigError(`${badRegex.path}: ${badRegex.message}`, badRegex.path);
  const badScript = javascriptIssue(document.spec as Record<string, unknown>);
  if (badScript) throw new ScrapeConfigError(`${badScript.path}: ${badScript.message}`, badScript.path);
  let schedule: Schedule;
  try {
    schedule = parseSchedule(document.spec.schedule);
  } catch (err) {
    throw new ScrapeConfigError(`spec.schedule: ${(err as Error).message}`, 'spec.schedule');
  }
  const unsupported = Object.keys(document.spec).filter(
    (key) =>
      !SPEC_SETTINGS.has(key) &&
      Array.isArray((document.spec as Record<string, unknown>)[key]) &&
      !(SUPPORTED_SCRAPER_TYPES as readonly string[]).includes(key),
  );
  return {
    document,
    name: document.metadata.name,
    namespace: document.metadata.namespace,
    schedule,
    full: document.spec.full === true,
    unsupported,
  };
}

function parseYamlDocument(text: string): unknown {
  const docs = parseAllDocuments(text);
  const first = Array.isArray(docs) ? docs[0] : undefined;
  if (!first) throw new ScrapeConfigError('document: empty ScrapeConfig');
  if (first.errors.length > 0) throw new ScrapeConfigError(`document: invalid YAML: ${first.errors[0]!.message}`);
  return first.toJS();
}
