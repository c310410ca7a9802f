// A loopback JWKS endpoint for tests of JWT-authenticated webhooks: one RS256 key pair, its public half
// served as a JWKS, and a signer for tokens (also tokens signed by a key the set does not hold).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export interface JwksPeer {
  url: string;
  /** A token signed by the served key (or, with `foreign`, by a key the JWKS does not hold). */
  sign(claims?: Record<string, unknown>, opts?: { foreign?: boolean; expiresIn?: string }): Promise<string>;
  /** How many times the JWKS was fetched. */
  fetches(): number;
  close(): Promise<void>;
}

/** Start the JWKS peer on 127.0.0.1 and a free port. */
export async function startJwksPeer(): Promise<JwksPeer> {
  const served = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(served.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let fetches = 0;
  const server = createServer((req, res) => {
    fetches++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signWith = (key: CryptoKey, claims: Record<string, unknown>, expiresIn: string) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).setIssuedAt().setExpirationTime(expiresIn).sign(key);
  return {
    url: `http://127.0.0.1:${port}/jwks.json`,
    sign: (claims = { sub: 'webhook-caller' }, opts = {}) =>
      signWith(opts.foreign ? foreign.privateKey : served.privateKey, claims, opts.expiresIn ?? '5m'),
    fetches: () => fetches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
