// AWS Signature Version 4 for HTTP checks (`awsSigV4`): signs method, path, query, the host and
// x-amz-* headers and the body hash, and returns the headers to add to the request.
import { createHash, createHmac } from 'node:crypto';

/** Credentials and scope of the signature. */
export interface SigV4Params {
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
  region: string;
  service: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (unreserved characters kept, everything else %XX). */
function encode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

function canonicalPath(pathname: string): string {
  return (
    pathname
      .split('/')
      .map((seg) => encode(decodeURIComponent(seg)))
      .join('/') || '/'
  );
}

function canonicalQuery(url: URL): string {
  const pairs = [...url.searchParams.entries()].map(([k, v]) => [encode(k), encode(v)] as const);
  pairs.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

/** The headers (Authorization, X-Amz-Date, X-Amz-Content-Sha256, …) that sign this request. */
export function signSigV4(
  p: SigV4Params,
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: Buffer | undefined,
  now = new Date(),
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256(body ?? '');
  const added: Record<string, string> = { 'X-Amz-Date': amzDate };
  // S3 requires the payload hash as a header; other services only use it inside the signature.
  if (p.service === 's3') added['X-Amz-Content-Sha256'] = payloadHash;
  if (p.sessionToken) added['X-Amz-Security-Token'] = p.sessionToken;
  const all: Record<string, string> = { host: url.host };
  for (const [k, v] of Object.entries({ ...headers, ...added })) {
    const name = k.toLowerCase();
    if (name === 'host' || name.startsWith('x-amz-') || name === 'content-type') all[name] = v.trim().replace(/\s+/g, ' ');
  }
  const names = Object.keys(all).sort();
  const signedHeaders = names.join(';');
  const canonical = [
    method.toUpperCase(),
    canonicalPath(url.pathname),
    canonicalQuery(url),
    names.map((n) => `${n}:${all[n]}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${p.region}/${p.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${p.secretKey}`, day), p.region), p.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  added.Authorization = `AWS4-HMAC-SHA256 Credential=${p.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return added;
}
