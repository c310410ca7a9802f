import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface FirstLoad {
  /** Files the browser must fetch before the shell runs, relative to dist. */
  files: Array<{ file: string; bytes: number; gzipBytes: number }>;
  /** Inline <script> blocks of index.html. */
  inline: { bytes: number; gzipBytes: number };
  totalBytes: number;
  totalGzipBytes: number;
  source: 'manifest' | 'index.html';
}

const gz = (buf: Buffer | string): number => gzipSync(buf, { level: 9 }).length;

/**
 * The JavaScript of the shell's first load: entry chunks and everything they import statically
 * (from Vite's .vite/manifest.json, or index.html's script and modulepreload tags when there is no
 * manifest), plus inline scripts. Lazy route chunks (dynamic imports) are not part of it.
 */
export function firstLoadJs(dist: string): FirstLoad {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  const fromManifest = existsSync(manifestFile);
  const files = new Set<string>(
    fromManifest ? manifestClosure(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : [],
  );
  // index.html is what the browser actually reads; anything it loads eagerly counts too.
  for (const ref of htmlScripts(html)) files.add(ref);
  const sized = [...files].sort().map((file) => {
    const buf = readFileSync(path.join(dist, file));
    return { file, bytes: buf.length, gzipBytes: gz(buf) };
  });
  const inlineCode = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .join('\n')
    .trim();
  const inline = { bytes: Buffer.byteLength(inlineCode), gzipBytes: inlineCode ? gz(inlineCode) : 0 };
  return {
    files: sized,
    inline,
    totalBytes: sized.reduce((s, f) => s + f.bytes, inline.bytes),
    totalGzipBytes: sized.reduce((s, f) => s + f.gzipBytes, inline.gzipBytes),
    source: fromManifest ? 'manifest' : 'index.html',
  };
}

/** Entry chunks and their static imports, transitively, as dist-relative file names. */
export function manifestClosure(manifest: Record<string, ManifestChunk>): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/** JS files index.html loads eagerly: module scripts and modulepreload links (same-origin paths). */
export function htmlScripts(html: string): string[] {
  const refs: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) refs.push(m[1] as string);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1];
    if (href) refs.push(href);
  }
  return refs.filter((r) => !/^[a-z]+:\/\//i.test(r) && r.endsWith('.js')).map((r) => r.replace(/^\.?\//, ''));
}
