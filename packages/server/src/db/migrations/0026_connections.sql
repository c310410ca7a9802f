-- Connections: named URLs and credentials that checks, scrapers and later areas reference as
-- connection://namespace/name. Static secret values are stored sealed (AES-256-GCM under OPS_SECRET_KEY,
-- `v1:` prefix); valueFrom references are stored as their JSON text, since they name a secret but hold none.
-- Secret properties are {"sealed": "v1:…"} objects inside `properties`. Only the typed /api/connections
-- endpoints read this table; it is not a data-API relation (docs/adr/0017-connections-api.md).
CREATE TABLE connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  type text NOT NULL,
  url text,
  username text,
  password text,
  certificate text,
  insecure_tls boolean NOT NULL DEFAULT false,
  properties jsonb NOT NULL DEFAULT '{}',
  source text NOT NULL DEFAULT 'UI',
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- One live connection per namespace and name; a deleted one may be re-created under its name.
CREATE UNIQUE INDEX connections_namespace_name_key ON connections (namespace, name) WHERE deleted_at IS NULL;
-- The list: live rows, newest first.
CREATE INDEX connections_created_idx ON connections (created_at DESC) WHERE deleted_at IS NULL;
