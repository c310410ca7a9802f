// A folder check's `s3://bucket/prefix` path: the objects under the prefix listed with ListObjectsV2 (paged),
// signed with AWS SigV4 from canary-checker's `awsConnection` (a `connection://` reference and/or accessKey,
// secretKey, region, endpoint, usePathStyle, skipTLSVerify). Objects become files for the same filter and
// limits as a local folder; sizes of the whole store are unknown (-1), so totalSize/availableSize are skipped.
import { isIP } from 'node:net';
import { resolveConnection, ResolveError, type ResolveContext } from '../../values/env-vars.js';
import { performHttpCall } from '../http/http-client.js';
import { acceptFile, type FolderFile, type FolderFilter, type FolderScan } from './scan-folder.js';

const MAX_OBJECTS = 100_000;

interface S3Target {
  endpoint: URL;
  bucket: string;
  prefix: string;
  region: string;
  pathStyle: boolean;
  insecure: boolean;
  keys?: { accessKey: string; secretKey: string; sessionToken?: string };
}

/** The bucket and prefix of `s3://bucket/prefix`, or undefined when the path is not one. */
export function parseS3Path(path: string): { bucket: string; prefix: string } | undefined {
  const m = /^s3:\/\/([^/]+)\/?(.*)$/i.exec(path.trim());
  return m ? { bucket: m[1]!, prefix: m[2]! } : undefined;
}

/** Where and how to list: the check's `awsConnection` fields over its referenced connection's. */
export async function s3Target(path: string, aws: Record<string, unknown>, ctx: ResolveContext): Promise<S3Target> {
  const where = parseS3Path(path);
  if (!where) throw new ResolveError(`path "${path}" is not of the form s3://bucket/prefix`);
  const conn = await resolveConnection(
    { connection: aws.connection, url: aws.endpoint, username: aws.accessKey, password: aws.secretKey },
    ctx,
  );
  const endpointText = conn.url || `https://s3.${String(aws.region || conn.properties.region || 'us-east-1')}.amazonaws.com`;
  let endpoint: URL;
  try {
    endpoint = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(endpointText) ? endpointText : `https://${endpointText}`);
  } catch {
    throw new ResolveError(`awsConnection.endpoint "${endpointText}" is not a URL`);
  }
  if (!conn.username !== !conn.password)
    throw new ResolveError(`awsConnection has ${conn.username ? 'an access key but no secret key' : 'a secret key but no access key'}`);
  const host = endpoint.hostname.replace(/^\[(.*)\]$/, '$1');
  const sessionToken = typeof aws.sessionToken === 'string' ? aws.sessionToken : undefined;
  return {
    endpoint,
    bucket: where.bucket,
    // The path names a folder: `s3://b/backups` lists what is in backups/, not keys that start with "backups".
    prefix: where.prefix && !where.prefix.endsWith('/') ? `${where.prefix}/` : where.prefix,
    region: String(aws.region || conn.properties.region || 'us-east-1'),
    // A bucket host name cannot resolve for an IP or localhost endpoint (MinIO and the like).
    pathStyle: aws.usePathStyle === true || conn.properties.usePathStyle === 'true' || isIP(host) !== 0 || host === 'localhost',
    insecure: aws.skipTLSVerify === true,
    keys: conn.username ? { accessKey: conn.username, secretKey: conn.password, ...(sessionToken ? { sessionToken } : {}) } : undefined,
  };
}

/** Lists the objects under the target's prefix (below it too when `recursive`) through the filter. */
export async function scanS3Folder(
  t: S3Target,
  filter: FolderFilter,
  recursive: boolean,
  opts: { signal: AbortSignal; remainingMs: () => number },
): Promise<FolderScan> {
  const files: FolderFile[] = [];
  let token: string | undefined;
  let seen = 0;
  do {
    const page = await listPage(t, recursive, token, opts);
    for (const o of page.objects) {
      if (++seen > MAX_OBJECTS) break;
      const file: FolderFile = {
        name: o.key.slice(t.prefix.length).replace(/^\//, '') || o.key,
        size: o.size,
        mode: '',
        modified: new Date(o.mtimeMs).toISOString(),
        is_dir: false,
        mtimeMs: o.mtimeMs,
      };
      if (acceptFile(file, filter)) files.push(file);
    }
    token = page.next;
  } while (token && seen < MAX_OBJECTS);
  return { exists: true, files, totalSize: -1, availableSize: -1 };
}

interface Page {
  objects: Array<{ key: string; size: number; mtimeMs: number }>;
  next?: string;
}

async function listPage(
  t: S3Target,
  recursive: boolean,
  token: string | undefined,
  opts: { signal: AbortSignal; remainingMs: () => number },
): Promise<Page> {
  const url = new URL(t.endpoint.origin);
  const base = t.endpoint.pathname.replace(/\/+$/, '');
  if (t.pathStyle) url.pathname = `${base}/${encodeURIComponent(t.bucket)}`;
  else {
    url.hostname = `${t.bucket}.${t.endpoint.hostname}`;
    url.pathname = base || '/';
  }
  url.searchParams.set('list-type', '2');
  if (t.prefix) url.searchParams.set('prefix', t.prefix);
  if (!recursive) url.searchParams.set('delimiter', '/');
  if (token) url.searchParams.set('continuation-token', token);
  const res = await performHttpCall({
    method: 'GET',
    url,
    headers: {},
    tls: { rejectUnauthorized: !t.insecure },
    signal: opts.signal,
    timeoutMs: Math.max(1, opts.remainingMs()),
    maxRedirects: 0,
    sigv4: t.keys ? { ...t.keys, region: t.region, service: 's3' } : undefined,
  });
  const body = res.body.toString('utf8');
  if (res.status !== 200) {
    const code = tag(body, 'Code');
    const message = tag(body, 'Message');
    const why = code || message ? [code, message].filter(Boolean).join(': ') : `HTTP ${res.status}`;
    throw new Error(`s3: listing s3://${t.bucket}/${t.prefix} at ${url.origin} failed: ${why}`);
  }
  if (!body.includes('<ListBucketResult')) throw new Error(`s3: ${url.origin} did not answer the listing with a ListBucketResult`);
  const objects = [...body.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].map((m) => ({
    key: tag(m[1]!, 'Key') ?? '',
    size: Number(tag(m[1]!, 'Size') ?? 0),
    mtimeMs: Date.parse(tag(m[1]!, 'LastModified') ?? '') || 0,
  }));
  const truncated = tag(body, 'IsTruncated') === 'true';
  return { objects, next: truncated ? tag(body, 'NextContinuationToken') : undefined };
}

// The text of the first <name> element, XML entities decoded (S3 escapes keys).
function tag(xml: string, name: string): string | undefined {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  if (!m) return undefined;
  return m[1]!.replace(/&(lt|gt|quot|apos|amp|#(\d+)|#x([0-9a-f]+));/gi, (all, e: string, dec?: string, hex?: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' }[e.toLowerCase()] ?? all;
  });
}
