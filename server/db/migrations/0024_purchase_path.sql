-- The OTP purchase's write path (decision 048).
--
-- 1. Account events a writer sends itself. A transaction that announces a change with pg_notify
--    holds PostgreSQL's one notification lock from its commit's start until its WAL is flushed,
--    so such commits cannot share a flush: every purchase waited for the one before. A statement
--    that sets keyshop.account_events to 'sent_by_writer' (transaction-local) skips the two
--    triggers below and announces the user itself after commit, batched, outside the debit's
--    transaction (server/features/events/notifier.ts). Every other writer (an admin, a refund,
--    the expiry worker, psql by hand) is announced by the triggers, as before.
CREATE OR REPLACE FUNCTION keyshop_notify_balance_changed() RETURNS trigger AS $$
BEGIN
  IF NEW.balance_mills IS DISTINCT FROM OLD.balance_mills
     AND current_setting('keyshop.account_events', true) IS DISTINCT FROM 'sent_by_writer' THEN
    PERFORM pg_notify('account_events', json_build_object('u', NEW.user_id, 'k', 'balance')::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyshop_notify_otp_order_changed() RETURNS trigger AS $$
BEGIN
  IF NEW.user_id IS NOT NULL
     AND current_setting('keyshop.account_events', true) IS DISTINCT FROM 'sent_by_writer' THEN
    PERFORM pg_notify('account_events', json_build_object('u', NEW.user_id, 'k', 'otp')::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- 2. One rollup trigger per statement on otp_mail_orders instead of two, with static statements.
--    otp_day_counts used keyshop_list_day_counts_apply, whose dynamic EXECUTE parsed and planned
--    its upsert on every purchase; plpgsql keeps the plans of static statements. Same sums, same
--    16 shards, same transition tables (migrations 0016 and 0019).
CREATE OR REPLACE FUNCTION keyshop_otp_rollups_apply() RETURNS trigger AS $$
DECLARE
  s smallint := floor(random() * 16)::smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO otp_totals AS t (status, shard, n, price_mills, cost_mills)
    SELECT status, s, count(*), sum(price_mills), sum(cost_mills) FROM new_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET n = t.n + excluded.n, price_mills = t.price_mills + excluded.price_mills, cost_mills = t.cost_mills + excluded.cost_mills;
    INSERT INTO otp_day_counts AS c (day, shard, n)
    SELECT (created_at AT TIME ZONE 'UTC')::date, s, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO otp_totals AS t (status, shard, n, price_mills, cost_mills)
    SELECT status, s, -count(*), -sum(price_mills), -sum(cost_mills) FROM old_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET n = t.n + excluded.n, price_mills = t.price_mills + excluded.price_mills, cost_mills = t.cost_mills + excluded.cost_mills;
    INSERT INTO otp_day_counts AS c (day, shard, n)
    SELECT (created_at AT TIME ZONE 'UTC')::date, s, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO otp_totals AS t (status, shard, n, price_mills, cost_mills)
    SELECT status, s, sum(dn), sum(dp), sum(dc) FROM (
      SELECT o.status, -1 AS dn, -o.price_mills AS dp, -o.cost_mills AS dc FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status, o.price_mills, o.cost_mills) IS DISTINCT FROM (n.status, n.price_mills, n.cost_mills)
      UNION ALL
      SELECT n.status, 1, n.price_mills, n.cost_mills FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status, o.price_mills, o.cost_mills) IS DISTINCT FROM (n.status, n.price_mills, n.cost_mills)
    ) changed GROUP BY status ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET n = t.n + excluded.n, price_mills = t.price_mills + excluded.price_mills, cost_mills = t.cost_mills + excluded.cost_mills;
    INSERT INTO otp_day_counts AS c (day, shard, n)
    SELECT day, s, sum(d) FROM (
      SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, -1 AS d FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.created_at IS DISTINCT FROM n.created_at
      UNION ALL
      SELECT (n.created_at AT TIME ZONE 'UTC')::date, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.created_at IS DISTINCT FROM n.created_at
    ) changed GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, shard) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS otp_totals_insert ON otp_mail_orders;--> statement-breakpoint
DROP TRIGGER IF EXISTS otp_totals_update ON otp_mail_orders;--> statement-breakpoint
DROP TRIGGER IF EXISTS otp_totals_delete ON otp_mail_orders;--> statement-breakpoint
DROP TRIGGER IF EXISTS otp_day_counts_insert ON otp_mail_orders;--> statement-breakpoint
DROP TRIGGER IF EXISTS otp_day_counts_update ON otp_mail_orders;--> statement-breakpoint
DROP TRIGGER IF EXISTS otp_day_counts_delete ON otp_mail_orders;--> statement-breakpoint
DROP FUNCTION IF EXISTS keyshop_otp_totals_apply();--> statement-breakpoint
CREATE TRIGGER otp_rollups_insert AFTER INSERT ON otp_mail_orders
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_otp_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER otp_rollups_update AFTER UPDATE ON otp_mail_orders
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_otp_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER otp_rollups_delete AFTER DELETE ON otp_mail_orders
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_otp_rollups_apply();
--> statement-breakpoint
-- 3. otp_mail_orders_created_idx (created_at) duplicates the leading column of
--    otp_mail_orders_created_totals_idx (created_at) INCLUDE (status, price_mills, cost_mills),
--    which serves every query the first one did: one index less to write per purchase.
DROP INDEX IF EXISTS "otp_mail_orders_created_idx";
