-- Searches that match most orders (decision 059): order_email_totals keeps, per lower-cased e-mail
-- and status, the orders and their net paid amount, so such a search sums one row per
-- customer instead of every order. Kept by the order rollup trigger (migration 0018) in the same
-- statement, the same way as order_prefix_totals; per e-mail rows need no shards (one customer's
-- orders rarely race). Lower-cased because ILIKE is lower(text) LIKE lower(pattern) in a UTF-8
-- database, and LIKE on a lower-cased column is several times cheaper than ILIKE.
CREATE TABLE "order_email_totals" (
	"email" text NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"net_paid_mills" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_email_totals_email_status_pk" PRIMARY KEY("email","status")
);
--> statement-breakpoint
-- Whether a search is wide is read here first: a term a few customers' e-mails hold is a few index
-- entries. Updates of n and the sums leave the e-mail alone (HOT), so the index is rarely written.
CREATE INDEX IF NOT EXISTS "order_email_totals_email_trgm_idx" ON "order_email_totals" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyshop_order_rollups_apply() RETURNS trigger AS $$
DECLARE
  s smallint := floor(random() * 16)::smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_day_counts AS c (day, status, shard, n)
    SELECT (created_at AT TIME ZONE 'UTC')::date, status, s, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, status, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO order_prefix_totals AS t (prefix, status, shard, n, net_paid_mills)
    SELECT left(lower(email), 2), status, s, count(*), coalesce(sum(amount_mills - refunded_mills) FILTER (WHERE status = 'paid'), 0)
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (prefix, status, shard) DO UPDATE SET n = t.n + excluded.n, net_paid_mills = t.net_paid_mills + excluded.net_paid_mills;
    INSERT INTO order_email_totals AS e (email, status, n, net_paid_mills)
    SELECT lower(email), status, count(*), coalesce(sum(amount_mills - refunded_mills) FILTER (WHERE status = 'paid'), 0)
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (email, status) DO UPDATE SET n = e.n + excluded.n, net_paid_mills = e.net_paid_mills + excluded.net_paid_mills;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_day_counts AS c (day, status, shard, n)
    SELECT (created_at AT TIME ZONE 'UTC')::date, status, s, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, status, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO order_prefix_totals AS t (prefix, status, shard, n, net_paid_mills)
    SELECT left(lower(email), 2), status, s, -count(*), -coalesce(sum(amount_mills - refunded_mills) FILTER (WHERE status = 'paid'), 0)
    FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (prefix, status, shard) DO UPDATE SET n = t.n + excluded.n, net_paid_mills = t.net_paid_mills + excluded.net_paid_mills;
    INSERT INTO order_email_totals AS e (email, status, n, net_paid_mills)
    SELECT lower(email), status, -count(*), -coalesce(sum(amount_mills - refunded_mills) FILTER (WHERE status = 'paid'), 0)
    FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (email, status) DO UPDATE SET n = e.n + excluded.n, net_paid_mills = e.net_paid_mills + excluded.net_paid_mills;
  ELSE
    INSERT INTO order_day_counts AS c (day, status, shard, n)
    SELECT day, status, s, sum(d) FROM (
      SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, o.status, -1 AS d FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status, o.created_at) IS DISTINCT FROM (n.status, n.created_at)
      UNION ALL
      SELECT (n.created_at AT TIME ZONE 'UTC')::date, n.status, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status, o.created_at) IS DISTINCT FROM (n.status, n.created_at)
    ) changed GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, status, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO order_prefix_totals AS t (prefix, status, shard, n, net_paid_mills)
    SELECT prefix, status, s, sum(dn), sum(dm) FROM (
      SELECT left(lower(o.email), 2) AS prefix, o.status, -1 AS dn,
             CASE WHEN o.status = 'paid' THEN o.refunded_mills - o.amount_mills ELSE 0 END AS dm
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status, o.email, o.amount_mills, o.refunded_mills) IS DISTINCT FROM (n.status, n.email, n.amount_mills, n.refunded_mills)
      UNION ALL
      SELECT left(lower(n.email), 2), n.status, 1, CASE WHEN n.status = 'paid' THEN n.amount_mills - n.refunded_mills ELSE 0 END
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status, o.email, o.amount_mills, o.refunded_mills) IS DISTINCT FROM (n.status, n.email, n.amount_mills, n.refunded_mills)
    ) changed GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (prefix, status, shard) DO UPDATE SET n = t.n + excluded.n, net_paid_mills = t.net_paid_mills + excluded.net_paid_mills;
    INSERT INTO order_email_totals AS e (email, status, n, net_paid_mills)
    SELECT lower(email), status, sum(dn), sum(dm) FROM (
      SELECT lower(o.email) AS email, o.status, -1 AS dn,
             CASE WHEN o.status = 'paid' THEN o.refunded_mills - o.amount_mills ELSE 0 END AS dm
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status, o.email, o.amount_mills, o.refunded_mills) IS DISTINCT FROM (n.status, n.email, n.amount_mills, n.refunded_mills)
      UNION ALL
      SELECT lower(n.email), n.status, 1, CASE WHEN n.status = 'paid' THEN n.amount_mills - n.refunded_mills ELSE 0 END
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status, o.email, o.amount_mills, o.refunded_mills) IS DISTINCT FROM (n.status, n.email, n.amount_mills, n.refunded_mills)
    ) changed GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (email, status) DO UPDATE SET n = e.n + excluded.n, net_paid_mills = e.net_paid_mills + excluded.net_paid_mills;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyshop_order_rollups_truncate() RETURNS trigger AS $$
BEGIN
  DELETE FROM order_day_counts;
  DELETE FROM order_prefix_totals;
  DELETE FROM order_email_totals;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Orders written before this migration.
INSERT INTO order_email_totals (email, status, n, net_paid_mills)
SELECT lower(email), status, count(*), coalesce(sum(amount_mills - refunded_mills) FILTER (WHERE status = 'paid'), 0) FROM orders GROUP BY 1, 2;
--> statement-breakpoint
-- Searches that match most OTP orders (decision 059): otp_totals is kept per status, site and
-- domain (the address's part after the '@') as well as shard, so a search that names a site or a
-- domain sums a few rollup rows; the orders it matches only through the mailbox (the part before the
-- '@') are found through a trigram index on that part, which replaces the one on the whole address
-- (same cost per purchase: one GIN index either way).
ALTER TABLE "otp_totals" ADD COLUMN "service" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_totals" ADD COLUMN "domain" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_totals" DROP CONSTRAINT "otp_totals_status_shard_pk";--> statement-breakpoint
DELETE FROM "otp_totals";--> statement-breakpoint
ALTER TABLE "otp_totals" ADD CONSTRAINT "otp_totals_status_service_domain_shard_pk" PRIMARY KEY("status","service","domain","shard");--> statement-breakpoint
INSERT INTO otp_totals (status, service, domain, shard, n, price_mills, cost_mills)
SELECT status, service, split_part(address, '@', 2), 0, count(*), sum(price_mills), sum(cost_mills) FROM otp_mail_orders GROUP BY 1, 2, 3;
--> statement-breakpoint
DROP INDEX IF EXISTS "otp_mail_orders_address_trgm_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "otp_mail_orders_mailbox_trgm_idx" ON "otp_mail_orders" USING gin ((split_part("address", '@', 1)) gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyshop_otp_rollups_apply() RETURNS trigger AS $$
DECLARE
  s smallint := floor(random() * 16)::smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO otp_totals AS t (status, service, domain, shard, n, price_mills, cost_mills)
    SELECT status, service, split_part(address, '@', 2), s, count(*), sum(price_mills), sum(cost_mills) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (status, service, domain, shard) DO UPDATE SET n = t.n + excluded.n, price_mills = t.price_mills + excluded.price_mills, cost_mills = t.cost_mills + excluded.cost_mills;
    INSERT INTO otp_day_counts AS c (day, shard, n)
    SELECT (created_at AT TIME ZONE 'UTC')::date, s, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO otp_totals AS t (status, service, domain, shard, n, price_mills, cost_mills)
    SELECT status, service, split_part(address, '@', 2), s, -count(*), -sum(price_mills), -sum(cost_mills) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (status, service, domain, shard) DO UPDATE SET n = t.n + excluded.n, price_mills = t.price_mills + excluded.price_mills, cost_mills = t.cost_mills + excluded.cost_mills;
    INSERT INTO otp_day_counts AS c (day, shard, n)
    SELECT (created_at AT TIME ZONE 'UTC')::date, s, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO otp_totals AS t (status, service, domain, shard, n, price_mills, cost_mills)
    SELECT status, service, domain, s, sum(dn), sum(dp), sum(dc) FROM (
      SELECT o.status, o.service, split_part(o.address, '@', 2) AS domain, -1 AS dn, -o.price_mills AS dp, -o.cost_mills AS dc FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status, o.service, o.address, o.price_mills, o.cost_mills) IS DISTINCT FROM (n.status, n.service, n.address, n.price_mills, n.cost_mills)
      UNION ALL
      SELECT n.status, n.service, split_part(n.address, '@', 2), 1, n.price_mills, n.cost_mills FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status, o.service, o.address, o.price_mills, o.cost_mills) IS DISTINCT FROM (n.status, n.service, n.address, n.price_mills, n.cost_mills)
    ) changed GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (status, service, domain, shard) DO UPDATE SET n = t.n + excluded.n, price_mills = t.price_mills + excluded.price_mills, cost_mills = t.cost_mills + excluded.cost_mills;
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
