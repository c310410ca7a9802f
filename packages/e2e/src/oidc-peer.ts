// A loopback OpenID Connect provider (oidc-provider) for the e2e server: one client, one user, and no
// login or consent screens (the interaction endpoint signs the user in and grants what was asked), so the
// browser goes provider → callback without stopping. Global setup runs it; the server reads OIDC_* env.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The person the provider signs in (a verified e-mail, so the server may create or link an account). */
export const OIDC_USER = {
  sub: 'e2e-sso-user',
  email: 'sso.person@e2e.local',
  email_verified: true,
  given_name: 'Sso',
  family_name: 'Person',
};
/** The sign-in button reads 'Sign in with {label}'. */
export const OIDC_LABEL = 'Loopback SSO';

const CLIENT_ID = 'ops-console-e2e';
const CLIENT_SECRET = 'ops-console-e2e-client-secret';

interface Interaction {
  prompt: { name: string };
  params: { client_id: string; scope?: string };
  session?: { accountId: string };
}
interface Provider {
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
  interactionDetails(req: http.IncomingMessage, res: http.ServerResponse): Promise<Interaction>;
  interactionFinished(req: http.IncomingMessage, res: http.ServerResponse, result: unknown, opts?: unknown): Promise<void>;
  Grant: new (o: { accountId: string; clientId: string }) => { addOIDCScope(s: string): void; save(): Promise<string> };
}

export interface OidcPeer {
  env: Record<string, string>;
  /** Start answering once the server's callback URL is known. */
  start(redirectUri: string): Promise<void>;
  close(): Promise<void>;
}

/** Listen on loopback now (the issuer URL goes into the server's env); the provider starts with start(). */
export async function startOidcPeer(): Promise<OidcPeer> {
  let provider: Provider | undefined;
  const server = http.createServer((req, res) => {
    if (!provider) return void res.writeHead(503).end('provider not started');
    if (req.url?.startsWith('/interaction/')) {
      interact(provider, req, res).catch((err: Error) => res.writeHead(500).end(err.message));
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET, OIDC_LABEL },
    async start(redirectUri) {
      // A variable specifier: the package ships no types.
      const spec = 'oidc-provider';
      const mod = (await import(spec)) as { default: new (issuer: string, config: unknown) => Provider };
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
        findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => ({ ...OIDC_USER, sub: id }) }),
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        cookies: { keys: ['oidc-e2e-cookie-key'] },
        pkce: { required: () => true },
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function interact(p: Provider, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const details = await p.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await p.interactionFinished(req, res, { login: { accountId: OIDC_USER.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new p.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id });
    grant.addOIDCScope(details.params.scope ?? 'openid');
    await p.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  }
}
