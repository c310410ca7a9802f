import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunOptions } from '../../types.js';
import { DurationValue } from '../../values/duration-value.js';
import { createStaticConnectionResolver } from '../../values/secrets.js';
import { runEntry } from '../../../../../test/peers/canary-helpers.js';
import { startHttpbin, type HttpbinPeer } from '../../../../../test/peers/httpbin.js';
import { closedPort } from '../../../../../test/peers/tcp-listener.js';

let peer: HttpbinPeer;
beforeAll(async () => {
  peer = await startHttpbin();
});
afterAll(() => peer.close());

const trusted = () => ({ extraCACerts: [peer.ca] });
const run = (entry: Record<string, unknown>, options: RunOptions = trusted()) => runEntry('http', entry, options);

describe('http check: responses and result variables', () => {
  it('passes a 2xx over HTTPS and exposes code, headers, json, content, elapsed and sslAge', async () => {
    const r = await run({ url: `${peer.httpsUrl}/json` });
    expect(r).toMatchObject({ pass: true, invalid: false });
    expect(r.data.code).toBe(200);
    expect((r.data.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect((r.data.json as { slideshow: { author: string } }).slideshow.author).toBe('Yours Truly');
    expect(String(r.data.content)).toContain('Sample Slide Show');
    expect(r.data.elapsed).toBeInstanceOf(DurationValue);
    const sslAgeDays = (r.data.sslAge as DurationValue).ms / 86_400_000;
    expect(sslAgeDays).toBeGreaterThan(364);
    expect(sslAgeDays).toBeLessThan(366);
  });

  it('sends a canary-checker User-Agent unless the check sets one, and templated headers', async () => {
    const r = await run({ url: `${peer.httpsUrl}/headers`, headers: [{ name: 'X-Check', value: '{{ .check.name }}' }] });
    const headers = (r.data.json as { headers: Record<string, string> }).headers;
    expect(headers['User-Agent']).toMatch(/^canary-checker\//);
    expect(headers['X-Check']).toBe('http-check');
  });

  it('checks response codes (default 2xx), content, threshold and certificate expiry', async () => {
    expect(await run({ url: `${peer.httpsUrl}/status/503` })).toMatchObject({ pass: false, error: 'expected 503 to be 200..299' });
    expect(await run({ url: `${peer.httpsUrl}/status/404`, responseCodes: [404] })).toMatchObject({ pass: true });
    expect(await run({ url: `${peer.httpsUrl}/status/200`, responseCodes: [201, 202] })).toMatchObject({
      pass: false,
      error: 'expected 200 to be in [201 202]',
    });
    expect(await run({ url: `${peer.httpsUrl}/html`, responseContent: 'Herman Melville' })).toMatchObject({ pass: true });
    const missing = await run({ url: `${peer.httpsUrl}/html`, responseContent: 'Jane Austen' });
    expect(missing.error).toMatch(/^expected Jane Austen, found <!DOCTYPE html>/);
    expect(await run({ url: `${peer.httpsUrl}/delay/0.5`, thresholdMillis: 150 })).toMatchObject({
      pass: false,
      error: 'threshold exceeded: no response within 150ms',
    });
    expect((await run({ url: `${peer.httpsUrl}/status/200`, maxSSLExpiry: 400 })).error).toMatch(/^SSL certificate expires soon/);
    expect(await run({ url: `${peer.httpUrl}/status/200`, maxSSLExpiry: 7 })).toMatchObject({
      pass: false,
      error: 'No certificate found to check age',
    });
  });

  it('checks the deprecated responseJSONContent with JSONPath', async () => {
    expect(
      await run({ url: `${peer.httpsUrl}/json`, responseJSONContent: { path: '$.slideshow.author', value: 'Yours Truly' } }),
    ).toMatchObject({ pass: true });
    expect(await run({ url: `${peer.httpsUrl}/json`, responseJSONContent: { path: '$.slideshow.title', value: 'Other' } })).toMatchObject({
      pass: false,
      error: 'expected $.slideshow.title to be Other, found Sample Slide Show',
    });
  });

  it('decompresses gzip like Go does', async () => {
    const r = await run({ url: `${peer.httpsUrl}/gzip` });
    expect((r.data.json as { gzipped: boolean }).gzipped).toBe(true);
  });

  it('computes metrics from the response variables', async () => {
    const r = await run({
      url: `${peer.httpsUrl}/status/202`,
      metrics: [
        {
          name: 'httpbin_2xx_count',
          type: 'counter',
          value: 'code == 202 ? 1 : 0',
          labels: [
            { name: 'check_name', valueExpr: 'check.name' },
            { name: 'status_class', valueExpr: 'string(code).charAt(0)' },
          ],
        },
      ],
    });
    expect(r.metrics).toContainEqual({
      name: 'httpbin_2xx_count',
      type: 'counter',
      value: 1,
      labels: { check_name: 'http-check', status_class: '2' },
    });
  });

  it('stops at the per-check timeout', async () => {
    const started = Date.now();
    expect(await run({ url: `${peer.httpsUrl}/delay/3` }, { ...trusted(), timeoutMs: 300 })).toMatchObject({
      pass: false,
      error: 'check timed out after 300ms',
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('fails with the network error when nothing listens', async () => {
    const r = await run({ url: `http://127.0.0.1:${await closedPort()}/` });
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/ECONNREFUSED/);
  });
});

describe('http check: TLS', () => {
  it('rejects an untrusted certificate unless trusted by CA or insecureSkipVerify', async () => {
    const untrusted = await run({ url: `${peer.httpsUrl}/get` }, { extraCACerts: [] });
    expect(untrusted.pass).toBe(false);
    expect(untrusted.error).toMatch(/self.signed|certificate/i);
    expect(await run({ url: `${peer.httpsUrl}/get`, tlsConfig: { insecureSkipVerify: true } }, { extraCACerts: [] })).toMatchObject({
      pass: true,
    });
    expect(await run({ url: `${peer.httpsUrl}/get`, tlsConfig: { ca: { value: peer.ca } } }, { extraCACerts: [] })).toMatchObject({
      pass: true,
    });
  });
});

describe('http check: requests', () => {
  it('follows redirects by default and stops at maxRedirects', async () => {
    const followed = await run({ url: `${peer.httpsUrl}/redirect/2` });
    expect(followed).toMatchObject({ pass: true });
    expect((followed.data.json as { url: string }).url).toMatch(/\/get$/);
    const kept = await run({ url: `${peer.httpsUrl}/redirect-to?url=/get&status_code=301`, maxRedirects: 0, responseCodes: [301] });
    expect(kept).toMatchObject({ pass: true });
    expect((kept.data.headers as Record<string, string>).Location).toBe('/get');
    expect(await run({ url: `${peer.httpsUrl}/redirect/3`, maxRedirects: 1 })).toMatchObject({
      pass: false,
      error: 'stopped after 1 redirects',
    });
  });

  it('sends a templated body with the method, and templates $(.var) URLs from env', async () => {
    const r = await run({
      url: '$(.base)/anything/$(.check.name)',
      method: 'POST',
      templateBody: true,
      body: '{"canary": "{{ .canary.name }}", "token": "{{ .token }}"}',
      env: [
        { name: 'base', value: peer.httpsUrl },
        { name: 'token', value: 't-1' },
      ],
    });
    const echo = r.data.json as { method: string; url: string; json: unknown };
    expect(echo.method).toBe('POST');
    expect(echo.url).toMatch(/\/anything\/http-check$/);
    expect(echo.json).toEqual({ canary: 'test', token: 't-1' });
  });

  it('is invalid for an unusable URL or a missing env value reference', async () => {
    expect(await run({ url: 'ftp://example.test/x' })).toMatchObject({
      invalid: true,
      error: "invalid url 'ftp://example.test/x': only http and https are supported",
    });
    const r = await run({ url: `${peer.httpsUrl}/get`, headers: [{ name: 'X', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }] });
    expect(r).toMatchObject({
      invalid: true,
      error: 'headers[0].valueFrom.secretKeyRef: secret "default/s" cannot be read: no secret store is configured',
    });
  });

  it('takes URL and credentials from a connection:// reference', async () => {
    const connections = createStaticConnectionResolver({
      'default/bin': { url: `${peer.httpsUrl}/basic-auth/u1/p1`, username: 'u1', password: 'p1' },
    });
    expect(await run({ connection: 'connection://default/bin' }, { ...trusted(), connections })).toMatchObject({ pass: true });
    const missing = await run({ connection: 'connection://default/nope' }, { ...trusted(), connections });
    expect(missing).toMatchObject({ invalid: true, error: 'connection "connection://default/nope" was not found' });
  });
});

describe('http check: authentication', () => {
  it('uses Basic from username/password or from the URL', async () => {
    expect(await run({ url: `${peer.httpsUrl}/basic-auth/hello/world` })).toMatchObject({
      pass: false,
      error: 'expected 401 to be 200..299',
    });
    expect(
      await run({ url: `${peer.httpsUrl}/basic-auth/hello/world`, username: { value: 'hello' }, password: { value: 'world' } }),
    ).toMatchObject({ pass: true });
    expect(await run({ url: `https://hello:w%40rld@127.0.0.1:${peer.httpsPort}/basic-auth/hello/w@rld` })).toMatchObject({ pass: true });
  });

  it('answers Digest challenges (MD5 and SHA-256, qop auth)', async () => {
    const base = { username: { value: 'user' }, password: { value: 'pass' }, digest: true };
    expect(await run({ ...base, url: `${peer.httpsUrl}/digest-auth/auth/user/pass` })).toMatchObject({ pass: true });
    expect(await run({ ...base, url: `${peer.httpsUrl}/digest-auth/auth/user/pass/SHA-256` })).toMatchObject({ pass: true });
    expect(await run({ ...base, password: { value: 'bad' }, url: `${peer.httpsUrl}/digest-auth/auth/user/pass` })).toMatchObject({
      pass: false,
      error: 'expected 401 to be 200..299',
    });
  });

  it('authenticates with NTLM (NTLMv2 responses) over one connection', async () => {
    const ok = await run({
      url: `${peer.httpsUrl}/ntlm-auth/alice/Secret1`,
      username: { value: 'CORP\\alice' },
      password: { value: 'Secret1' },
      ntlmv2: true,
    });
    expect(ok).toMatchObject({ pass: true });
    expect(ok.data.json).toEqual({ authenticated: true, user: 'alice', domain: 'CORP' });
    expect(
      await run({
        url: `${peer.httpUrl}/ntlm-auth/alice/Secret1`,
        username: { value: 'alice' },
        password: { value: 'Secret1' },
        ntlm: true,
      }),
    ).toMatchObject({ pass: true });
    expect(
      await run({ url: `${peer.httpUrl}/ntlm-auth/alice/Secret1`, username: { value: 'alice' }, password: { value: 'wrong' }, ntlm: true }),
    ).toMatchObject({ pass: false });
  });

  it('signs requests with AWS SigV4 that an AWS-style verifier accepts (query, body, S3 payload hash)', async () => {
    const sigv4 = (secret: string, service: string) => ({
      accessKey: { value: 'AKID' },
      secretKey: { value: secret },
      region: 'eu-west-1',
      service,
    });
    const echoed = await run({ url: `${peer.httpsUrl}/headers`, awsSigV4: sigv4('secret', 'execute-api') });
    expect((echoed.data.json as { headers: Record<string, string> }).headers.Authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKID\/\d{8}\/eu-west-1\/execute-api\/aws4_request, SignedHeaders=[a-z0-9;-]*host;[a-z0-9;-]*x-amz-date[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    const url = `${peer.httpsUrl}/sigv4-auth/AKID/secret?prefix=a%20b&list-type=2`;
    expect(await run({ url, awsSigV4: sigv4('secret', 'execute-api') })).toMatchObject({ pass: true });
    expect(await run({ url, method: 'PUT', body: '{"k":"v"}', awsSigV4: sigv4('secret', 's3') })).toMatchObject({ pass: true });
    expect(await run({ url, awsSigV4: sigv4('wrong', 's3') })).toMatchObject({ pass: false });
  });
});
