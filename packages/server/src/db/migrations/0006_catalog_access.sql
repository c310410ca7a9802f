-- Catalogue access (full-mode scrapes): external users, groups and roles of the scraped systems, group
-- memberships, who may access a config item (config_access) and who did (config_access_logs).
-- Entities are found by alias overlap; when one entity turns out to be several stored ones, the losers are
-- soft-deleted with merged_into pointing at the winner, so old ids still resolve.

CREATE TABLE external_users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL DEFAULT '',
  account_id text NOT NULL DEFAULT '',
  user_type text NOT NULL DEFAULT '',
  email text,
  aliases text[] NOT NULL DEFAULT '{}',
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE SET NULL,
  merged_into uuid REFERENCES external_users (id) ON DELETE SET NULL,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX external_users_aliases_idx ON external_users USING gin (aliases);
CREATE INDEX external_users_scraper_idx ON external_users (scraper_id) WHERE deleted_at IS NULL;
CREATE INDEX external_users_email_idx ON external_users (lower(email)) WHERE email IS NOT NULL AND deleted_at IS NULL;

CREATE TABLE external_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL DEFAULT '',
  account_id text NOT NULL DEFAULT '',
  group_type text NOT NULL DEFAULT '',
  aliases text[] NOT NULL DEFAULT '{}',
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE SET NULL,
  merged_into uuid REFERENCES external_groups (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX external_groups_aliases_idx ON external_groups USING gin (aliases);
CREATE INDEX external_groups_scraper_idx ON external_groups (scraper_id) WHERE deleted_at IS NULL;

CREATE TABLE external_roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL DEFAULT '',
  account_id text NOT NULL DEFAULT '',
  role_type text NOT NULL DEFAULT '',
  description text,
  aliases text[] NOT NULL DEFAULT '{}',
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE SET NULL,
  merged_into uuid REFERENCES external_roles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX external_roles_aliases_idx ON external_roles USING gin (aliases);
CREATE INDEX external_roles_scraper_idx ON external_roles (scraper_id) WHERE deleted_at IS NULL;

-- A membership is owned by the scraper that reported it: a complete scrape soft-deletes its own
-- memberships it no longer reports and never touches other scrapers' rows.
CREATE TABLE external_user_groups (
  external_user_id uuid NOT NULL REFERENCES external_users (id) ON DELETE CASCADE,
  external_group_id uuid NOT NULL REFERENCES external_groups (id) ON DELETE CASCADE,
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX external_user_groups_key ON external_user_groups (external_user_id, external_group_id, scraper_id) NULLS NOT DISTINCT;
CREATE INDEX external_user_groups_group_idx ON external_user_groups (external_group_id);
CREATE INDEX external_user_groups_scraper_idx ON external_user_groups (scraper_id) WHERE deleted_at IS NULL;

-- Who may access an item: a user, a group or a role (any combination, at least one). `id` comes from the
-- source when it has one; at most one live row per (item, user, group, role).
CREATE TABLE config_access (
  id text PRIMARY KEY,
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  external_user_id uuid REFERENCES external_users (id) ON DELETE CASCADE,
  external_group_id uuid REFERENCES external_groups (id) ON DELETE CASCADE,
  external_role_id uuid REFERENCES external_roles (id) ON DELETE CASCADE,
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE CASCADE,
  application_id uuid,
  source text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  deleted_by uuid REFERENCES people (id),
  last_signed_in_at timestamptz,
  last_reviewed_at timestamptz,
  last_reviewed_by uuid REFERENCES people (id),
  CHECK (external_user_id IS NOT NULL OR external_group_id IS NOT NULL OR external_role_id IS NOT NULL)
);
CREATE UNIQUE INDEX config_access_live_key ON config_access (config_id, external_user_id, external_group_id, external_role_id)
  NULLS NOT DISTINCT WHERE deleted_at IS NULL;
CREATE INDEX config_access_user_idx ON config_access (external_user_id) WHERE external_user_id IS NOT NULL;
CREATE INDEX config_access_group_idx ON config_access (external_group_id) WHERE external_group_id IS NOT NULL;
CREATE INDEX config_access_role_idx ON config_access (external_role_id) WHERE external_role_id IS NOT NULL;
CREATE INDEX config_access_scraper_idx ON config_access (scraper_id) WHERE deleted_at IS NULL;

-- Accesses that happened, one row per (item, user, scraper): `count` accumulates, `created_at` is the
-- last access, `first_observed` the first; mfa and properties describe the last one.
CREATE TABLE config_access_logs (
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  external_user_id uuid NOT NULL REFERENCES external_users (id) ON DELETE CASCADE,
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  first_observed timestamptz NOT NULL DEFAULT now(),
  mfa boolean NOT NULL DEFAULT false,
  count integer NOT NULL DEFAULT 1,
  properties jsonb
);
CREATE UNIQUE INDEX config_access_logs_key ON config_access_logs (config_id, external_user_id, scraper_id) NULLS NOT DISTINCT;
CREATE INDEX config_access_logs_user_idx ON config_access_logs (external_user_id);
CREATE INDEX config_access_logs_created_idx ON config_access_logs (created_at DESC);
