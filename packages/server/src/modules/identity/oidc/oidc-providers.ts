import * as client from 'openid-client';
import type { Config } from '../../../config.js';
import { ConfigError } from '../../../config.js';

/** The provider id used in flows ('provider' field, callback path) for the configured OIDC provider. */
export const OIDC_PROVIDER_ID = 'oidc';

export interface OidcProvider {
  id: string;
  label: string;
}

export interface OidcStart {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
}

export interface OidcClaims {
  subject: string;
  email?: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
}

/**
 * The OIDC providers from the environment (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_LABEL),
 * with discovery done once and cached. openid-client does PKCE, state, nonce and ID-token checks.
 */
export class OidcProviders {
  private discovered: Promise<client.Configuration> | undefined;

  constructor(private readonly config: Config) {
    const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = config;
    if ((OIDC_ISSUER || OIDC_CLIENT_ID || OIDC_CLIENT_SECRET) && !(OIDC_ISSUER && OIDC_CLIENT_ID)) {
      throw new ConfigError(
        'Invalid configuration:\n  OIDC_ISSUER and OIDC_CLIENT_ID must be set together (OIDC_CLIENT_SECRET for confidential clients)',
      );
    }
  }

  /** Configured providers (none or one). */
  list(): OidcProvider[] {
    return this.config.OIDC_ISSUER ? [{ id: OIDC_PROVIDER_ID, label: this.config.OIDC_LABEL }] : [];
  }

  has(id: string): boolean {
    return this.list().some((p) => p.id === id);
  }

  /** The authorization URL to send the browser to, with the checks to keep in the flow; state starts with the flow id. */
  async start(redirectUri: string, flowId: string): Promise<OidcStart> {
    const cfg = await this.configuration();
    const verifier = client.randomPKCECodeVerifier();
    const state = `${flowId}.${client.randomState()}`;
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(cfg, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, verifier };
  }

  /** Exchange the callback's code and return the verified claims. Throws when any check fails. */
  async finish(callbackUrl: URL, checks: { state: string; nonce: string; verifier: string }): Promise<OidcClaims> {
    const cfg = await this.configuration();
    const tokens = await client.authorizationCodeGrant(cfg, callbackUrl, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider returned no ID token');
    let info: Record<string, unknown> = claims;
    if (!claims.email && tokens.access_token) info = { ...(await client.fetchUserInfo(cfg, tokens.access_token, claims.sub)), ...claims };
    return {
      subject: claims.sub,
      email: typeof info.email === 'string' ? info.email : undefined,
      emailVerified: info.email_verified === true,
      firstName: typeof info.given_name === 'string' ? info.given_name : undefined,
      lastName: typeof info.family_name === 'string' ? info.family_name : undefined,
    };
  }

  private configuration(): Promise<client.Configuration> {
    const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = this.config;
    if (!OIDC_ISSUER || !OIDC_CLIENT_ID) return Promise.reject(new Error('no OIDC provider is configured'));
    // Plain http is only for a provider on this machine (tests, development).
    const insecure = new URL(OIDC_ISSUER).protocol === 'http:';
    this.discovered ??= client
      .discovery(
        new URL(OIDC_ISSUER),
        OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET,
        undefined,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        this.discovered = undefined;
        throw err;
      });
    return this.discovered;
  }
}
