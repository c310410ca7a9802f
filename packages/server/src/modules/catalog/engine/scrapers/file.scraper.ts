import path from 'node:path';
import { allowedRealPath, FileRootError, isInside, readAllowedFile } from '../../../../sandbox/file-roots.js';
import { sandboxConfig } from '../../../../sandbox/sandbox-config.js';
import type { ScrapeContext } from '../context.js';
import type { ItemDraft } from '../pipeline/extract.js';
import type { FileScraperSpec } from '../spec/scrapers.schema.js';
import type { ScrapeError } from '../types.js';
import { expandGlob, hasGlob, pathRegExp, segmentRegExp } from './glob.js';
import { fetchText } from './http-fetch.js';
import { errorMessage, type ScraperRun, type ScraperType } from './scraper-type.js';

// `file`: local files by path or glob (relative to the scrape's base directory), or documents
// fetched from a URL (`url` alone, or `url` + relative `paths`). Local paths are read only under
// OPS_FILE_ROOTS and never in the data directory (src/sandbox/file-roots.ts); a refused path is an error.

/** Whether a file (relative path) is excluded by an `ignore` glob; a pattern without '/' matches the file name. */
function ignored(rel: string, patterns: readonly string[] | undefined): boolean {
  const posix = rel.split(path.sep).join('/');
  return (patterns ?? []).some((p) => pathRegExp(p).test(posix) || (!p.includes('/') && segmentRegExp(p).test(path.basename(rel))));
}

async function readLocal(
  spec: FileScraperSpec,
  ctx: ScrapeContext,
  label: string,
  drafts: ItemDraft[],
  errors: ScrapeError[],
): Promise<void> {
  for (const p of spec.paths ?? []) {
    const abs = path.resolve(ctx.baseDir, p);
    // A glob is expanded only when the folder it starts from may be read, so listings stay private too.
    const refused = hasGlob(p) ? await refusal(globBase(abs)) : undefined;
    if (refused) {
      errors.push({ scraper: label, item: p, message: refused });
      continue;
    }
    // A glob never matches inside the data directory; a path naming it is refused below.
    const { dataDir } = sandboxConfig();
    const files = hasGlob(p) ? (await expandGlob(abs)).filter((f) => !isInside(f, dataDir)) : [abs];
    for (const file of files) {
      const rel = path.relative(ctx.baseDir, file);
      if (ignored(rel, spec.ignore)) continue;
      try {
        drafts.push({ config: await readAllowedFile(file), source: rel });
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        errors.push({
          scraper: label,
          item: rel,
          message:
            err instanceof FileRootError
              ? `cannot read ${p}: ${err.message}`
              : code === 'ENOENT'
                ? `file not found: ${p}`
                : `cannot read ${p}: ${errorMessage(err)}`,
        });
      }
    }
  }
}

/** The folder before the first glob segment. */
function globBase(abs: string): string {
  const parts = abs.split(path.sep);
  const i = parts.findIndex((seg) => hasGlob(seg));
  return parts.slice(0, i).join(path.sep) || path.sep;
}

// Why a folder may not be read, or undefined when it may (or does not exist inside the roots).
async function refusal(dir: string): Promise<string | undefined> {
  try {
    await allowedRealPath(dir);
    return undefined;
  } catch (err) {
    return err instanceof FileRootError ? `cannot read ${dir}: ${err.message}` : undefined;
  }
}

async function readUrl(
  spec: FileScraperSpec,
  ctx: ScrapeContext,
  label: string,
  drafts: ItemDraft[],
  errors: ScrapeError[],
): Promise<void> {
  const base = spec.url!;
  const targets = spec.paths?.length ? spec.paths.map((p) => new URL(p, base.endsWith('/') ? base : `${base}/`).toString()) : [base];
  for (const url of targets) {
    if (hasGlob(new URL(url).pathname)) {
      errors.push({ scraper: label, item: url, message: `globs are only supported for local paths: ${url}` });
      continue;
    }
    try {
      const res = await fetchText({ url }, ctx);
      if (res.status < 200 || res.status > 299) throw new Error(`GET ${url} returned HTTP ${res.status}`);
      drafts.push({ config: res.text, source: url });
    } catch (err) {
      errors.push({ scraper: label, item: url, message: errorMessage(err) });
    }
  }
}

export const fileScraper: ScraperType<FileScraperSpec> = {
  async scrape(spec, ctx, label): Promise<ScraperRun> {
    const drafts: ItemDraft[] = [];
    const errors: ScrapeError[] = [];
    if (spec.url && /^https?:\/\//.test(spec.url)) await readUrl(spec, ctx, label, drafts, errors);
    else if (spec.url) errors.push({ scraper: label, message: `url: only http(s) URLs are supported, got ${spec.url}` });
    else await readLocal(spec, ctx, label, drafts, errors);
    if (!spec.url && !spec.paths?.length) errors.push({ scraper: label, message: 'paths: at least one path or a url is required' });
    return { drafts, errors, complete: errors.length === 0 };
  },
};
