import { runUntrusted } from '../../../../sandbox/run-untrusted.js';
import { resolveEnvVars, type ScrapeContext } from '../context.js';
import { parseContent } from '../pipeline/parse-content.js';
import type { ExecScraperSpec } from '../spec/scrapers.schema.js';
import { timeoutSignal } from './http-fetch.js';
import { errorMessage, type ScraperRun, type ScraperType } from './scraper-type.js';

// `exec`: run a bash script; its stdout (JSON, else YAML, else text) is the scraped data, a list
// giving one item per element. A non-zero exit is an error carrying stderr. The script runs through
// the execution boundary (src/sandbox): unprivileged when the server is root, only the spec's env.

/** Output beyond this (per stream) is an error rather than a memory problem. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run a script in a fresh working directory with the spec's env vars; rejects on timeout, abort or oversized output. */
export async function runBash(script: string, env: Record<string, string>, signal: AbortSignal): Promise<ScriptResult> {
  const run = await runUntrusted({ script, env, signal, maxOutputBytes: MAX_OUTPUT_BYTES, onOutputLimit: 'stop' }, async (r) => r);
  if (run.stopped === 'output-limit') throw new Error(`script output exceeds ${MAX_OUTPUT_BYTES} bytes`);
  if (run.stopped === 'aborted')
    throw new Error((signal.reason as Error | undefined)?.name === 'TimeoutError' ? 'script timed out' : 'script aborted');
  if (run.stopped === 'not-started') throw new Error(run.startError);
  return { code: run.exitCode, stdout: run.stdout, stderr: run.stderr };
}

/** Script output as data: JSON first, then YAML; a JSON list fans out into one document per element. */
export function parseScriptOutput(stdout: string): unknown[] {
  const text = stdout.trim();
  if (text === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      value = parseContent(text, 'yaml');
    } catch {
      value = text;
    }
  }
  return Array.isArray(value) ? value : [value];
}

export const execScraper: ScraperType<ExecScraperSpec> = {
  async scrape(spec, ctx: ScrapeContext, label): Promise<ScraperRun> {
    let env: Record<string, string>;
    try {
      env = await resolveEnvVars(spec.env, ctx);
    } catch (err) {
      return { drafts: [], errors: [{ scraper: label, message: errorMessage(err) }], complete: false };
    }
    let result: ScriptResult;
    try {
      result = await runBash(spec.script, env, timeoutSignal(ctx));
    } catch (err) {
      return { drafts: [], errors: [{ scraper: label, message: `failed to run script: ${errorMessage(err)}` }], complete: false };
    }
    if (result.code !== 0) {
      const stderr = result.stderr.trim().slice(0, 2000);
      return {
        drafts: [],
        errors: [{ scraper: label, message: `script exited with code ${result.code}${stderr ? `: ${stderr}` : ''}` }],
        complete: false,
      };
    }
    const drafts = parseScriptOutput(result.stdout).map((config) => ({ config, source: label }));
    return { drafts, errors: [], complete: true };
  },
};
