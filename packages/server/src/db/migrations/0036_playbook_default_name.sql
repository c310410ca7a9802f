-- A playbook made in the UI comes with a title and no name: derive the name from the title (lowercase letters
-- and digits, '-' for anything else, at most 200 characters), numbered -2, -3, … when a live playbook of the
-- namespace already has it. A name given by the caller (apply, /api/db with name) is kept.
CREATE FUNCTION playbooks_default_name() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base text;
  candidate text;
  n integer := 1;
BEGIN
  IF NEW.name IS NOT NULL AND NEW.name <> '' THEN
    RETURN NEW;
  END IF;
  base := trim(BOTH '-' FROM left(trim(BOTH '-' FROM regexp_replace(lower(coalesce(NEW.title, '')), '[^a-z0-9]+', '-', 'g')), 200));
  IF base = '' THEN
    base := 'playbook';
  END IF;
  candidate := base;
  WHILE EXISTS (SELECT 1 FROM playbooks WHERE namespace = NEW.namespace AND name = candidate AND deleted_at IS NULL) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  NEW.name := candidate;
  RETURN NEW;
END $$;

CREATE TRIGGER playbooks_default_name BEFORE INSERT ON playbooks
  FOR EACH ROW EXECUTE FUNCTION playbooks_default_name();
