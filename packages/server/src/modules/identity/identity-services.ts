import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { MailService } from '../mail/index.js';
import { AttemptLimiter } from './attempt-limiter.js';
import { CodesRepository } from './codes.repository.js';
import { CredentialsRepository } from './credentials.repository.js';
import { FlowRepository } from './flows/flow.repository.js';
import type { IdentityService } from './identity.service.js';
import { WebAuthnRepository } from './mfa/webauthn.repository.js';
import { OidcLinksRepository } from './oidc/oidc-links.repository.js';
import { OidcProviders } from './oidc/oidc-providers.js';
import { SecretBox } from './secret-box.js';

/** Everything the identity routes use, built once per app from the context. */
export interface IdentityServices {
  ctx: AppContext;
  config: Config;
  identity: IdentityService;
  flows: FlowRepository;
  credentials: CredentialsRepository;
  codes: CodesRepository;
  webauthn: WebAuthnRepository;
  oidcLinks: OidcLinksRepository;
  oidc: OidcProviders;
  mail: MailService;
  box: SecretBox;
  limiter: AttemptLimiter;
}

/** Build the identity services for an app (mail transport, OIDC providers, repositories). */
export function createIdentityServices(ctx: AppContext): IdentityServices {
  return {
    ctx,
    config: ctx.config,
    identity: ctx.identity,
    flows: new FlowRepository(ctx.db),
    credentials: new CredentialsRepository(ctx.db),
    codes: new CodesRepository(ctx.db),
    webauthn: new WebAuthnRepository(ctx.db),
    oidcLinks: new OidcLinksRepository(ctx.db),
    oidc: new OidcProviders(ctx.config),
    mail: new MailService(ctx.config, ctx.log),
    box: SecretBox.fromConfig(ctx.config),
    limiter: new AttemptLimiter(ctx.db),
  };
}
