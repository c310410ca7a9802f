-- Permissions (mission-control.flanksource.com/v1 Permission): who may (or may not) do which actions on which
-- objects, beyond their role. The playbook run route reads them: a matching deny refuses the run, a matching
-- allow lets a caller without write on playbooks run it.

-- One Permission. The subject is a person (by id, or by email as written when no such person exists yet) or a
-- team; `object` holds the selectors as written: {playbooks: [...], configs: [...], components: [...], checks: [...]}.
CREATE TABLE permissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (name <> ''),
  namespace text NOT NULL DEFAULT 'default',
  description text,
  subject_person uuid REFERENCES people (id) ON DELETE CASCADE,
  subject_person_email text,
  subject_team uuid REFERENCES teams (id) ON DELETE CASCADE,
  actions text[] NOT NULL CHECK (cardinality(actions) > 0),
  deny boolean NOT NULL DEFAULT false,
  object jsonb NOT NULL DEFAULT '{}',
  source text NOT NULL DEFAULT 'UI',
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK (subject_person IS NOT NULL OR subject_person_email IS NOT NULL OR subject_team IS NOT NULL)
);
CREATE UNIQUE INDEX permissions_namespace_name_key ON permissions (namespace, name) WHERE deleted_at IS NULL;
CREATE INDEX permissions_subject_person_idx ON permissions (subject_person) WHERE deleted_at IS NULL;
CREATE INDEX permissions_subject_email_idx ON permissions (lower(subject_person_email)) WHERE deleted_at IS NULL;
CREATE INDEX permissions_subject_team_idx ON permissions (subject_team) WHERE deleted_at IS NULL;
