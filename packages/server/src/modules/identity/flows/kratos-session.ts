import type { Identity, Session } from '@ops/shared';
import type { IdentityRecord } from '../credentials.repository.js';
import { identityDb } from '../identity-db.js';
import type { IdentityServices } from '../identity-services.js';
import type { SessionRow } from '../sessions.repository.js';

/** An identity in Kratos' JSON shape (traits, state, verifiable and recovery addresses). */
export function identityJson(i: IdentityRecord): Identity {
  const email = i.traits.email ?? i.email ?? '';
  return {
    id: i.id,
    schema_id: 'default',
    state: i.state,
    state_changed_at: new Date(i.state_changed_at).toISOString(),
    traits: { email, name: { first: i.traits.name?.first ?? '', last: i.traits.name?.last ?? '' } },
    verifiable_addresses: [
      {
        id: i.id,
        value: email,
        verified: Boolean(i.email_verified_at),
        via: 'email',
        status: i.email_verified_at ? 'completed' : 'pending',
        verified_at: i.email_verified_at ? new Date(i.email_verified_at).toISOString() : null,
      },
    ],
    recovery_addresses: [{ id: i.id, value: email, via: 'email' }],
    metadata_public: null,
    created_at: new Date(i.created_at).toISOString(),
    updated_at: new Date(i.updated_at).toISOString(),
  };
}

/** A session in Kratos' JSON shape, with our organisation extension. */
export async function sessionJson(s: IdentityServices, row: SessionRow, known?: IdentityRecord): Promise<Session> {
  const identity = known ?? (await s.credentials.identity(row.person_id));
  if (!identity) throw new Error(`identity ${row.person_id} of a live session is missing`);
  const organization = row.organization_id ? await orgOf(s, row.organization_id) : null;
  return {
    id: row.id,
    active: true,
    expires_at: new Date(row.expires_at).toISOString(),
    authenticated_at: new Date(row.authenticated_at).toISOString(),
    issued_at: new Date(row.created_at).toISOString(),
    authenticator_assurance_level: row.aal,
    authentication_methods: row.methods as Session['authentication_methods'],
    identity: identityJson(identity),
    organization,
  };
}

async function orgOf(s: IdentityServices, id: string): Promise<Session['organization']> {
  const row = await identityDb(s.ctx.db)
    .selectFrom('organizations')
    .select(['id', 'name', 'backend_url'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}
