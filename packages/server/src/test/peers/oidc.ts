// A loopback OpenID Connect provider (oidc-provider) with one client and one configurable user. Its
// login and consent screens are skipped: the interaction endpoint signs the current user in and grants
// the requested scopes, so an HTTP client following redirects completes the code flow.
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OidcUser {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export interface OidcPeer {
  issuer: string;
  /** Env for a test server that signs in through this provider. */
  env: Record<string, string>;
  /** Register the server's callback URL (known once the server listens) and start the provider. */
  start(redirectUri: string): Promise<void>;
  /** The person who signs in at the provider next. */
  user: OidcUser;
  close(): Promise<void>;
}

const CLIENT_ID = 'ops-console';
const CLIENT_SECRET = 'ops-console-secret-for-tests';

interface Interaction {
  prompt: { name: string };
  params: { client_id: string; scope?: string };
  session?: { accountId: string };
}
interface ProviderLike {
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
  interactionDetails(req: http.IncomingMessage, res: http.ServerResponse): Promise<Interaction>;
  interactionFinished(req: http.IncomingMessage, res: http.ServerResponse, result: unknown, opts?: unknown): Promise<void>;
  Grant: new (o: { accountId: string; clientId: string }) => { addOIDCScope(s: string): void; save(): Promise<string> };
}

export async function startOidcPeer(): Promise<OidcPeer> {
  let provider: ProviderLike | undefined;
  const server = http.createServer((req, res) => {
    if (!provider) {
      res.writeHead(503).end('provider not started');
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      interact(provider, req, res).catch((err: Error) => res.writeHead(500).end(err.message));
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const peer: OidcPeer = {
    issuer,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET, OIDC_LABEL: 'Test SSO' },
    user: { sub: 'user-1', email: 'sso.user@example.com', email_verified: true, given_name: 'Sso', family_name: 'User' },
    async start(redirectUri) {
      // A variable specifier: the package ships no types and only this peer uses it.
      const spec = 'oidc-provider';
      const mod = (await import(spec)) as { default: new (issuer: string, config: unknown) => ProviderLike };
      provider = new mod.default(issuer, {
        clients: [
          {
            client_id: CLIENT_ID,
            client_secret: CLIENT_SECRET,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => ({ ...peer.user, sub: id }) }),
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        cookies: { keys: ['oidc-peer-cookie-key'] },
        jwks: {
          keys: [
            {
              ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
              use: 'sig',
              alg: 'ES256',
              kid: 'peer',
            },
          ],
        },
        enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
        clientDefaults: { id_token_signed_response_alg: 'ES256' },
        ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
        pkce: { required: () => true },
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  // Sign the configured user in, then grant what the client asked for.
  async function interact(p: ProviderLike, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const details = await p.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await p.interactionFinished(req, res, { login: { accountId: peer.user.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new p.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id });
    grant.addOIDCScope(details.params.scope ?? 'openid');
    await p.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  }
  return peer;
}
