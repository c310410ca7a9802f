-- The start-up key check: one row holding a fixed text sealed under the server's OPS_SECRET_KEY (or its
-- generated key file) on the first start and opened on every later start, so a server given another key
-- stops with an error naming OPS_SECRET_KEY instead of failing later on each secret it cannot decrypt.
CREATE TABLE secret_key_check (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
