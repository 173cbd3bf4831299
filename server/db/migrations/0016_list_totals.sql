CREATE TABLE "order_counts" (
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_counts_status_shard_pk" PRIMARY KEY("status","shard")
);
--> statement-breakpoint
CREATE TABLE "otp_totals" (
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"price_mills" bigint DEFAULT 0 NOT NULL,
	"cost_mills" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "otp_totals_status_shard_pk" PRIMARY KEY("status","shard")
);
--> statement-breakpoint
-- order_counts and otp_totals follow every change (any code path, psql by hand) in the same
-- transaction, as sales_daily does: statement triggers with transition tables; an update counts
-- only the rows whose status (or price, cost) changed. Each statement adds to a random shard.
CREATE OR REPLACE FUNCTION keyshop_order_counts_apply() RETURNS trigger AS $$
DECLARE
  s smallint := floor(random() * 16)::smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_counts AS c (status, shard, n)
    SELECT status, s, count(*) FROM new_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_counts AS c (status, shard, n)
    SELECT status, s, -count(*) FROM old_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO order_counts AS c (status, shard, n)
    SELECT status, s, sum(d) FROM (
      SELECT o.status, -1 AS d FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.status IS DISTINCT FROM n.status
      UNION ALL
      SELECT n.status, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.status IS DISTINCT FROM n.status
    ) changed GROUP BY status ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_counts_insert AFTER INSERT ON orders
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_order_counts_apply();
--> statement-breakpoint
CREATE TRIGGER orders_counts_update AFTER UPDATE ON orders
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_order_counts_apply();
--> statement-breakpoint
CREATE TRIGGER orders_counts_delete AFTER DELETE ON orders
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_order_counts_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyshop_otp_totals_apply() RETURNS trigger AS $$
DECLARE
  s smallint := floor(random() * 16)::smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO otp_totals AS t (status, shard, n, price_mills, cost_mills)
    SELECT status, s, count(*), sum(price_mills), sum(cost_mills) FROM new_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET n = t.n + excluded.n, price_mills = t.price_mills + excluded.price_mills, cost_mills = t.cost_mills + excluded.cost_mills;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO otp_totals AS t (status, shard, n, price_mills, cost_mills)
    SELECT status, s, -count(*), -sum(price_mills), -sum(cost_mills) FROM old_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET n = t.n + excluded.n, price_mills = t.price_mills + excluded.price_mills, cost_mills = t.cost_mills + excluded.cost_mills;
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
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER otp_totals_insert AFTER INSERT ON otp_mail_orders
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_otp_totals_apply();
--> statement-breakpoint
CREATE TRIGGER otp_totals_update AFTER UPDATE ON otp_mail_orders
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_otp_totals_apply();
--> statement-breakpoint
CREATE TRIGGER otp_totals_delete AFTER DELETE ON otp_mail_orders
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_otp_totals_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyshop_list_totals_truncate() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN DELETE FROM order_counts; ELSE DELETE FROM otp_totals; END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_counts_truncate AFTER TRUNCATE ON orders
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_totals_truncate();
--> statement-breakpoint
CREATE TRIGGER otp_totals_truncate AFTER TRUNCATE ON otp_mail_orders
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_totals_truncate();
--> statement-breakpoint
-- Rows written before this migration.
INSERT INTO order_counts (status, shard, n) SELECT status, 0, count(*) FROM orders GROUP BY status;
--> statement-breakpoint
INSERT INTO otp_totals (status, shard, n, price_mills, cost_mills) SELECT status, 0, count(*), sum(price_mills), sum(cost_mills) FROM otp_mail_orders GROUP BY status;
--> statement-breakpoint
-- Totals of a date range without a search: index-only sums.
CREATE INDEX IF NOT EXISTS "orders_paid_created_idx" ON "orders" USING btree ("created_at") INCLUDE ("amount_mills", "refunded_mills") WHERE "status" = 'paid';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "otp_mail_orders_created_totals_idx" ON "otp_mail_orders" USING btree ("created_at") INCLUDE ("status", "price_mills", "cost_mills");
