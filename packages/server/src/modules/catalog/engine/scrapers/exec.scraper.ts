import { spawn } from 'node:child_process';
import { resolveEnvVars, type ScrapeContext } from '../context.js';
import { parseContent } from '../pipeline/parse-content.js';
import type { ExecScraperSpec } from '../spec/scrapers.schema.js';
import { timeoutSignal } from './http-fetch.js';
import { errorMessage, type ScraperRun, type ScraperType } from './scraper-type.js';

// `exec`: run a bash script; its stdout (JSON, else YAML, else text) is the scraped data, a list
// giving one item per element. A non-zero exit is an error carrying stderr.

/** Output beyond this is an error rather than a memory problem. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run a script with bash in `cwd` with extra env vars; rejects on timeout, abort or oversized output. */
export function runBash(script: string, env: Record<string, string>, cwd: string, signal: AbortSignal): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd, env: { ...process.env, ...env }, signal, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) {
        child.kill('SIGKILL');
        reject(new Error(`script output exceeds ${MAX_OUTPUT_BYTES} bytes`));
        return;
      }
      into.push(chunk);
    };
    child.stdout.on('data', collect(out));
    child.stderr.on('data', collect(err));
    child.on('error', (e) =>
      reject(e.name === 'AbortError' ? new Error(signal.reason?.name === 'TimeoutError' ? 'script timed out' : 'script aborted') : e),
    );
    child.on('close', (code) =>
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
  });
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
      result = await runBash(spec.script, env, ctx.baseDir, timeoutSignal(ctx));
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
