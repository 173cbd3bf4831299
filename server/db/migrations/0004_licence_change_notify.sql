-- Every change to a licence (from any instance, any code path, or by hand in psql) announces its
-- buy key on the 'licence_changed' channel, so instances that cache licences for the desktop
-- tool's validate call drop their copy as the change commits (PostgreSQL delivers notifications
-- at commit, and never for a rolled-back transaction).
CREATE OR REPLACE FUNCTION keyshop_notify_licence_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('licence_changed', OLD.buy_key);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.buy_key IS DISTINCT FROM OLD.buy_key) THEN
    PERFORM pg_notify('licence_changed', NEW.buy_key);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER licences_notify_change
AFTER INSERT OR UPDATE OR DELETE ON licenses
FOR EACH ROW EXECUTE FUNCTION keyshop_notify_licence_changed();
--> statement-breakpoint
-- TRUNCATE has no rows: tell listeners to drop everything.
CREATE OR REPLACE FUNCTION keyshop_notify_licences_truncated() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('licence_changed', '*');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER licences_notify_truncate
AFTER TRUNCATE ON licenses
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_notify_licences_truncated();
