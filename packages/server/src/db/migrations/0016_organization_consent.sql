-- Organisation mode: a membership is pending until the member accepts it, and no
-- organisation token is issued for a pending membership.
ALTER TABLE organization_members ADD COLUMN accepted_at timestamptz;
ALTER TABLE organization_members ADD COLUMN invited_by uuid REFERENCES people (id) ON DELETE SET NULL;
-- Owners created their organisation, so they consented; members added before this migration were added
-- without consent and must accept again.
UPDATE organization_members SET accepted_at = created_at WHERE role = 'owner';
CREATE INDEX organization_members_pending_idx ON organization_members (person_id) WHERE accepted_at IS NULL;
-- A session must not stay on an organisation its person has not accepted.
UPDATE sessions s SET organization_id = NULL
  WHERE s.organization_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM organization_members m
                    WHERE m.organization_id = s.organization_id AND m.person_id = s.person_id AND m.accepted_at IS NOT NULL);
-- Organisation tokens issued so far lived 12 hours and may have gone to a backend nobody vetted: revoke them.
DELETE FROM access_tokens WHERE organization_id IS NOT NULL;
