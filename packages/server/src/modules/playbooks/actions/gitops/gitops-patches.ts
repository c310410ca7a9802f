// Changes a gitops action makes inside a cloned work tree: patches (a jq or yq expression, a JSON/YAML
// merge patch, or a new content) and files (create, overwrite or delete). Paths stay inside the tree:
// an absolute path, `..` or a symlink that leads out is refused.
import { lstat, mkdir, readFile, realpath, rm, writeFile, chown } from 'node:fs/promises';
import path from 'node:path';
import { runJq } from '@ops/shared/expr';
import { parse as parseYaml, parseAllDocuments, stringify as stringifyYaml } from 'yaml';
import { ActionError, errorMessage } from '../action-failure.js';

export interface GitopsPatch {
  path: string;
  jq?: string;
  yq?: string;
  merge?: unknown;
  content?: string;
}

export interface GitopsFile {
  path: string;
  content?: string;
  delete?: boolean;
}

/** The owner new files get (the unprivileged user git runs as), when the server is root. */
export interface FileOwner {
  uid: number;
  gid: number;
}

/** Content that marks a file for deletion, as Mission Control writes it. */
export const DELETE_MARKER = '$delete';

/** Applies every patch and file; answers the changed paths (relative to the tree). */
export async function applyChanges(tree: string, patches: GitopsPatch[], files: GitopsFile[], owner?: FileOwner): Promise<string[]> {
  const changed: string[] = [];
  for (const [i, p] of patches.entries()) {
    const file = await inside(tree, p.path, `gitops.patches[${i}].path`);
    let before: string;
    try {
      before = await readFile(file, 'utf8');
    } catch {
      throw new ActionError(`gitops.patches[${i}].path: ${p.path} does not exist in the repository`);
    }
    const after = patchText(before, p, file, `gitops.patches[${i}]`);
    if (after !== before) await write(file, after, owner);
    changed.push(p.path);
  }
  for (const [i, f] of files.entries()) {
    const file = await inside(tree, f.path, `gitops.files[${i}].path`);
    if (f.delete || f.content === DELETE_MARKER) await rm(file, { force: true, recursive: true });
    else await write(file, f.content ?? '', owner, tree);
    changed.push(f.path);
  }
  return changed;
}

function patchText(text: string, p: GitopsPatch, file: string, field: string): string {
  const json = /\.json$/i.test(file);
  const modes = ['jq', 'yq', 'merge', 'content'].filter((k) => p[k as keyof GitopsPatch] !== undefined);
  if (modes.length !== 1) throw new ActionError(`${field}: set exactly one of jq, yq, merge or content`);
  if (p.content !== undefined) return p.content;
  const parse = (t: string) => (json ? (JSON.parse(t) as unknown) : (parseYaml(t) as unknown));
  const format = (v: unknown) => (json ? JSON.stringify(v, null, 2) + '\n' : stringifyYaml(v));
  let doc: unknown;
  try {
    doc = json ? parse(text) : parseAllDocuments(text).length > 1 ? undefined : parse(text);
  } catch (err) {
    throw new ActionError(`${field}: ${p.path} is not valid ${json ? 'JSON' : 'YAML'}: ${errorMessage(err)}`);
  }
  if (doc === undefined && !json) throw new ActionError(`${field}: ${p.path} holds several YAML documents; patch one document per file`);
  if (p.merge !== undefined) {
    const patch = typeof p.merge === 'string' ? parseYaml(p.merge) : p.merge;
    return format(mergePatch(doc, patch));
  }
  const expr = (p.jq ?? p.yq)!;
  try {
    const out = runJq(expr, doc ?? null);
    if (out.length !== 1) throw new Error(`the expression gave ${out.length} results; it must give one`);
    return format(out[0]);
  } catch (err) {
    throw new ActionError(`${field}.${p.jq !== undefined ? 'jq' : 'yq'}: ${errorMessage(err)}`);
  }
}

/** JSON merge patch (RFC 7386): objects merge key by key, null deletes, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The absolute file for a tree-relative path, refusing anything that leaves the tree. */
async function inside(tree: string, rel: string, field: string): Promise<string> {
  if (!rel || path.isAbsolute(rel)) throw new ActionError(`${field}: must be a path relative to the repository root`);
  const file = path.resolve(tree, rel);
  if (file === tree || !file.startsWith(tree + path.sep) || rel.split(/[\\/]/).includes('.git'))
    throw new ActionError(`${field}: ${rel} is outside the repository's files`);
  // Every existing ancestor must resolve inside the tree (a committed symlink must not lead out).
  const realTree = await realpath(tree);
  for (let dir = path.dirname(file); dir.startsWith(tree); dir = path.dirname(dir)) {
    const real = await realpath(dir).catch(() => undefined);
    if (real !== undefined && real !== realTree && !real.startsWith(realTree + path.sep))
      throw new ActionError(`${field}: ${rel} leads outside the repository`);
    if (dir === tree) break;
  }
  const info = await lstat(file).catch(() => undefined);
  if (info?.isSymbolicLink()) throw new ActionError(`${field}: ${rel} is a symbolic link`);
  return file;
}

async function write(file: string, content: string, owner: FileOwner | undefined, tree?: string): Promise<void> {
  if (tree) {
    const parts = path.relative(tree, path.dirname(file)).split(path.sep).filter(Boolean);
    let dir = tree;
    for (const part of parts) {
      dir = path.join(dir, part);
      const made = await mkdir(dir).then(
        () => true,
        () => false,
      );
      if (made && owner) await chown(dir, owner.uid, owner.gid);
    }
  }
  await writeFile(file, content);
  if (owner) await chown(file, owner.uid, owner.gid);
}
