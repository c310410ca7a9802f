// AWS Signature Version 4 for HTTP checks (`awsSigV4`), by the `aws4` package: returns the request's
// headers with the signing ones (Authorization, X-Amz-Date, X-Amz-Content-Sha256 for S3, …) added.
import aws4 from 'aws4';

/** Credentials and scope of the signature. */
export interface SigV4Params {
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
  region: string;
  service: string;
}

/** The headers to send: `headers` plus those that sign this request at `now`. */
export function signSigV4(
  p: SigV4Params,
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: Buffer | undefined,
  now = new Date(),
): Record<string, string> {
  const stamped = { ...headers, 'X-Amz-Date': now.toISOString().replace(/[:-]|\.\d{3}/g, '') };
  const signed = aws4.sign(
    {
      method: method.toUpperCase(),
      host: url.host,
      path: url.pathname + url.search,
      headers: stamped,
      body,
      service: p.service,
      region: p.region,
    },
    { accessKeyId: p.accessKey, secretAccessKey: p.secretKey, sessionToken: p.sessionToken },
  );
  return Object.fromEntries(Object.entries(signed.headers ?? {}).map(([k, v]) => [k, String(v)]));
}
