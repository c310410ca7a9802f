// A loopback S3-compatible peer (path-style, as MinIO serves it): ListObjectsV2 with prefix, delimiter and
// continuation tokens over fixed objects, each request's AWS SigV4 signature verified as S3 would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sigv4Auth } from './sigv4-auth.js';

export interface S3Object {
  key: string;
  size: number;
  lastModified: Date;
}

export interface S3Peer {
  /** http://127.0.0.1:<port>, the endpoint. */
  url: string;
  /** Query strings of the listings asked for, for asserting paging and prefixes. */
  listings: string[];
  close(): Promise<void>;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Starts the peer; `pageSize` bounds each listing page (S3's is 1000) so paging is exercised. */
export async function startS3Peer(opts: {
  accessKey: string;
  secretKey: string;
  buckets: Record<string, S3Object[]>;
  pageSize?: number;
}): Promise<S3Peer> {
  const listings: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const xml = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
      };
      const error = (status: number, code: string, message: string) =>
        xml(status, `<Error><Code>${code}</Code><Message>${esc(message)}</Message></Error>`);
      sigv4Auth(req, res, Buffer.concat(chunks), opts.accessKey, opts.secretKey, (_r, status, body) => {
        if (status !== 200) return error(403, 'SignatureDoesNotMatch', (body as { message: string }).message);
        const bucket = decodeURIComponent(url.pathname.slice(1).replace(/\/$/, ''));
        const objects = opts.buckets[bucket];
        if (!objects) return error(404, 'NoSuchBucket', 'The specified bucket does not exist');
        if (url.searchParams.get('list-type') !== '2') return error(400, 'InvalidRequest', 'only ListObjectsV2 is served here');
        listings.push(url.search);
        xml(200, listing(bucket, objects, url.searchParams, opts.pageSize ?? 1000));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    listings,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// One page of ListObjectsV2: keys under the prefix in order, folded into CommonPrefixes at the delimiter.
function listing(bucket: string, objects: S3Object[], q: URLSearchParams, pageSize: number): string {
  const prefix = q.get('prefix') ?? '';
  const delimiter = q.get('delimiter') ?? '';
  const start = Number(Buffer.from(q.get('continuation-token') ?? '', 'base64url').toString() || 0);
  const max = Math.min(pageSize, Number(q.get('max-keys') ?? 1000));
  const entries: Array<{ object?: S3Object; commonPrefix?: string }> = [];
  const seen = new Set<string>();
  for (const o of [...objects].sort((a, b) => a.key.localeCompare(b.key))) {
    if (!o.key.startsWith(prefix)) continue;
    const cut = delimiter ? o.key.indexOf(delimiter, prefix.length) : -1;
    if (cut < 0) entries.push({ object: o });
    else {
      const p = o.key.slice(0, cut + delimiter.length);
      if (!seen.has(p)) entries.push({ commonPrefix: p });
      seen.add(p);
    }
  }
  const page = entries.slice(start, start + max);
  const truncated = start + max < entries.length;
  const parts = page.map((e) =>
    e.object
      ? `<Contents><Key>${esc(e.object.key)}</Key><LastModified>${e.object.lastModified.toISOString()}</LastModified>` +
        `<ETag>"0"</ETag><Size>${e.object.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`
      : `<CommonPrefixes><Prefix>${esc(e.commonPrefix!)}</Prefix></CommonPrefixes>`,
  );
  return (
    `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${esc(bucket)}</Name><Prefix>${esc(prefix)}</Prefix>` +
    `<KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
    (truncated ? `<NextContinuationToken>${Buffer.from(String(start + max)).toString('base64url')}</NextContinuationToken>` : '') +
    `${parts.join('')}</ListBucketResult>`
  );
}
