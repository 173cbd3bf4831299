-- Every session that ends (sign-out, a password reset, a super-admin's reset, by hand in psql)
-- announces its id on 'session_revoked', so every instance stops trusting a cached copy of it
-- (better-auth's signed cookie cache, the verified-cookie memo) as the deletion commits, instead of
-- up to SESSION_CACHE_SECONDS later (issue #26, decision 037).
CREATE OR REPLACE FUNCTION keyshop_notify_session_revoked() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('session_revoked', OLD.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER session_notify_revoked
AFTER DELETE ON session
FOR EACH ROW EXECUTE FUNCTION keyshop_notify_session_revoked();
--> statement-breakpoint
-- TRUNCATE has no rows: every cached session is suspect.
CREATE OR REPLACE FUNCTION keyshop_notify_sessions_truncated() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('session_revoked', '*');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER session_notify_truncate
AFTER TRUNCATE ON session
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_notify_sessions_truncated();
