-- Identity (issue 3): self-service flows, second factors, OIDC links, codes, rate-limit counters and
-- organisation mode. Secrets are stored hashed (codes) or encrypted with OPS_SECRET_KEY (TOTP secrets).

-- Sessions carry what the Kratos session shape needs: a public id, when and how the person signed in.
ALTER TABLE sessions
  ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid(),
  ADD COLUMN authenticated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN methods jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN organization_id uuid;
CREATE UNIQUE INDEX sessions_id_key ON sessions (id);

ALTER TABLE identities ADD COLUMN email_verified_at timestamptz;

-- One row per self-service flow. `data` is server-only state (challenges, pending secrets) and is never
-- sent to a client; `csrf_hash` binds a browser flow to the CSRF cookie it was created with.
CREATE TABLE self_service_flows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('login', 'registration', 'recovery', 'verification', 'settings')),
  type text NOT NULL CHECK (type IN ('browser', 'api')),
  state text NOT NULL,
  csrf_hash text,
  request_url text NOT NULL,
  return_to text,
  requested_aal text NOT NULL DEFAULT 'aal1' CHECK (requested_aal IN ('aal1', 'aal2')),
  refresh boolean NOT NULL DEFAULT false,
  identity_id uuid REFERENCES identities (id) ON DELETE CASCADE,
  data jsonb NOT NULL DEFAULT '{}',
  messages jsonb NOT NULL DEFAULT '[]',
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX self_service_flows_expires_idx ON self_service_flows (expires_at);

-- Flow errors a page can fetch by id (GET /api/auth/self-service/errors?id=).
CREATE TABLE self_service_errors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  error jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX self_service_errors_created_idx ON self_service_errors (created_at);

-- Recovery and verification codes (by flow) and invite links; only a sha256 of the code is kept.
CREATE TABLE identity_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  purpose text NOT NULL CHECK (purpose IN ('recovery', 'verification', 'invite')),
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  flow_id uuid REFERENCES self_service_flows (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_codes_flow_idx ON identity_codes (flow_id);
CREATE UNIQUE INDEX identity_codes_hash_key ON identity_codes (code_hash) WHERE purpose = 'invite';

-- Hardware keys and platform authenticators (WebAuthn); several per identity.
CREATE TABLE webauthn_credentials (
  id text PRIMARY KEY,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  display_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX webauthn_credentials_identity_idx ON webauthn_credentials (identity_id);

-- Social sign-in links: the provider's subject for an identity.
CREATE TABLE identity_oidc_links (
  provider text NOT NULL,
  subject text NOT NULL,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX identity_oidc_links_identity_idx ON identity_oidc_links (identity_id);

-- Per-account attempt counters (sign-in, recovery, verification), shared by every server process.
CREATE TABLE auth_attempts (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);

-- Organisation mode: organisations, their members, the one selected in a session.
CREATE TABLE organizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  slug text NOT NULL,
  backend_url text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX organizations_slug_key ON organizations (slug);

CREATE TABLE organization_members (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  role text NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'member')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, person_id)
);
CREATE INDEX organization_members_person_idx ON organization_members (person_id);

ALTER TABLE sessions ADD CONSTRAINT sessions_organization_fk FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE SET NULL;
-- Organisation tokens are short-lived bearer tokens for the organisation's backend; not personal tokens.
ALTER TABLE access_tokens ADD COLUMN organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE;
