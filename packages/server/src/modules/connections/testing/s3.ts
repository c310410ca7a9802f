// S3 and S3-compatible stores (MinIO, Ceph, R2 …): ListObjectsV2 on properties.bucket asking for one
// key, signed with AWS SigV4 by the http check's signer (access key = username, secret key =
// password). Path-style addressing when usePathStyle is set or the endpoint is an IP or localhost,
// where a bucket host name cannot resolve.
import { isIP } from 'node:net';
import { signSigV4 } from '../../health/index.js';
import { httpRequest, type HttpAnswer } from './http-request.js';
import { IncompleteConnectionError, safeUrl, type ConnectionTester, type DecryptedConnection } from './types.js';

function listUrl(c: DecryptedConnection, bucket: string, region: string): URL {
  const endpointText = c.url?.trim() || `https://s3.${region}.amazonaws.com`;
  let endpoint: URL;
  try {
    endpoint = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(endpointText) ? endpointText : `https://${endpointText}`);
  } catch {
    throw new Error(`s3: endpoint "${safeUrl(endpointText)}" is not a valid URL`);
  }
  const host = endpoint.hostname.replace(/^\[(.*)\]$/, '$1');
  const pathStyle = c.properties.usePathStyle === 'true' || isIP(host) !== 0 || host === 'localhost';
  const base = endpoint.pathname.replace(/\/+$/, '');
  const url = new URL(endpoint.origin);
  if (pathStyle) url.pathname = `${base}/${encodeURIComponent(bucket)}`;
  else {
    url.hostname = `${bucket}.${endpoint.hostname}`;
    url.pathname = base || '/';
  }
  url.search = 'list-type=2&max-keys=1';
  return url;
}

/** S3's XML error: `NoSuchBucket: The specified bucket does not exist`. */
function s3Error(answer: HttpAnswer): string {
  const code = /<Code>([^<]*)<\/Code>/.exec(answer.body)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(answer.body)?.[1];
  if (code || message) return [code, message].filter(Boolean).join(': ');
  return `HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`;
}

export const testS3: ConnectionTester = async (c, opts) => {
  const bucket = c.properties.bucket?.trim();
  if (!bucket) throw new IncompleteConnectionError('the connection has no bucket');
  const region = c.properties.region?.trim() || 'us-east-1';
  // Without keys the request goes unsigned (a public bucket); half a key pair is a mistake, not that.
  if (!c.username !== !c.password)
    throw new IncompleteConnectionError(
      `the connection has ${c.username ? 'an access key but no secret key' : 'a secret key but no access key'}`,
    );
  const url = listUrl(c, bucket, region);
  const headers =
    c.username && c.password
      ? signSigV4({ accessKey: c.username, secretKey: c.password, region, service: 's3' }, 'GET', url, {}, undefined)
      : {};
  const answer = await httpRequest(url, { headers, insecure: c.insecure_tls, signal: opts.signal });
  if (answer.status !== 200) throw new Error(`s3: listing bucket ${bucket} at ${url.origin} failed: ${s3Error(answer)}`);
  if (!answer.body.includes('<ListBucketResult'))
    throw new Error(`s3: ${url.origin} did not answer the bucket listing with a ListBucketResult`);
};
