import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Db } from '../../db/pool.js';
import type { AccessTokensTable, Database, IdentitiesTable, SessionsTable } from '../../db/schema.js';

// Kysely types of the tables and columns migration 0005_identity.sql adds. They stay in this module
// (instead of db/schema.ts) because only identity code touches them.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, T | string | undefined, T | string>;

export interface SessionMethod {
  method: string;
  aal: 'aal1' | 'aal2';
  completed_at: string;
  provider?: string;
}

interface FlowsTable {
  id: Generated<string>;
  kind: string;
  type: string;
  state: string;
  csrf_hash: string | null;
  request_url: string;
  return_to: string | null;
  requested_aal: Generated<string>;
  refresh: Generated<boolean>;
  identity_id: string | null;
  data: Json<Record<string, unknown>>;
  messages: Json<unknown[]>;
  issued_at: Timestamp;
  expires_at: Date | string;
  completed_at: Date | null;
  updated_at: Timestamp;
}

interface FlowErrorsTable {
  id: Generated<string>;
  error: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

interface CodesTable {
  id: Generated<string>;
  purpose: 'recovery' | 'verification' | 'invite';
  identity_id: string;
  flow_id: string | null;
  code_hash: string;
  expires_at: Date | string;
  used_at: Date | null;
  created_at: Timestamp;
}

interface WebAuthnTable {
  id: string;
  identity_id: string;
  public_key: Buffer;
  counter: number;
  transports: string[];
  display_name: string;
  created_at: Timestamp;
  last_used_at: Date | null;
}

interface OidcLinksTable {
  provider: string;
  subject: string;
  identity_id: string;
  email: string | null;
  created_at: Timestamp;
}

interface AttemptsTable {
  key: string;
  window_start: Date | string;
  count: number;
}

interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  slug: string;
  backend_url: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface OrganizationMembersTable {
  organization_id: string;
  person_id: string;
  role: 'owner' | 'member';
  created_at: Timestamp;
  /** Null while the invitation is pending (migration 0016). */
  accepted_at: Date | null;
  invited_by: string | null;
}

export interface IdentityDatabase extends Omit<Database, 'sessions' | 'identities' | 'access_tokens'> {
  sessions: SessionsTable & {
    id: Generated<string>;
    authenticated_at: Timestamp;
    methods: Json<SessionMethod[]>;
    organization_id: string | null;
  };
  identities: IdentitiesTable & { email_verified_at: Date | null };
  access_tokens: AccessTokensTable & { organization_id: string | null };
  self_service_flows: FlowsTable;
  self_service_errors: FlowErrorsTable;
  identity_codes: CodesTable;
  webauthn_credentials: WebAuthnTable;
  identity_oidc_links: OidcLinksTable;
  auth_attempts: AttemptsTable;
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
}

export type IdentityKysely = Kysely<IdentityDatabase>;

/** The shared Kysely instance typed with the identity tables (same pool, same connection). */
export function identityDb(db: Db): IdentityKysely {
  return db.kysely as unknown as IdentityKysely;
}
