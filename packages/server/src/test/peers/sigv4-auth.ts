// Beyond httpbin: an endpoint that verifies AWS SigV4 like an AWS service does (signature recomputed
// from the request as received, payload hash checked), so the http check's signing is tested end to end.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import aws4 from 'aws4';

type Reply = (res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => void;

const AUTH = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

/** /sigv4-auth/{accessKey}/{secretKey}: 200 with {authenticated, user} for a valid signature, else 403 with the reason. */
export function sigv4Auth(req: IncomingMessage, res: ServerResponse, body: Buffer, accessKey: string, secretKey: string, reply: Reply): void {
  const m = AUTH.exec(req.headers.authorization ?? '');
  if (!m) return reply(res, 403, { message: 'Authorization header is not an AWS4-HMAC-SHA256 signature' });
  const [, keyId, day, region, service, signedHeaders] = m;
  if (keyId !== accessKey) return reply(res, 403, { message: 'The security token included in the request is invalid.' });
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day!)) return reply(res, 403, { message: 'X-Amz-Date does not match the credential scope' });
  const contentHash = req.headers['x-amz-content-sha256'];
  if (contentHash !== undefined && contentHash !== createHash('sha256').update(body).digest('hex'))
    return reply(res, 400, { message: 'The provided x-amz-content-sha256 header does not match what was computed.' });
  const headers = Object.fromEntries(signedHeaders!.split(';').map((n) => [n, String(req.headers[n] ?? '')]));
  const expected = aws4.sign(
    { method: req.method, host: req.headers.host, path: req.url, headers, body: body.length > 0 ? body : undefined, service, region },
    { accessKeyId: accessKey, secretAccessKey: secretKey },
  );
  if (expected.headers?.Authorization !== req.headers.authorization)
    return reply(res, 403, { message: 'The request signature we calculated does not match the signature you provided.' });
  reply(res, 200, { authenticated: true, user: accessKey });
}
