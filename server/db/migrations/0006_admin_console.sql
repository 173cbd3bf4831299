CREATE TABLE "sales_daily" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"plan_key" text DEFAULT '' NOT NULL,
	"paid_count" bigint DEFAULT 0 NOT NULL,
	"paid_mills" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_day_kind_plan_key_pk" PRIMARY KEY("day","kind","plan_key")
);
--> statement-breakpoint
CREATE INDEX "licenses_valid_expire_idx" ON "licenses" USING btree ("expire_date","email") WHERE "licenses"."license_key" is null or position('expirekey_' in "licenses"."license_key") = 0;--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","kind","plan_id","amount_mills") WHERE "orders"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
-- sales_daily follows every change to a paid order (any code path, any instance, psql by hand) in
-- the same transaction: statement triggers with transition tables, so a bulk statement costs one
-- grouped upsert, not one per row. Keys are upserted in key order so concurrent statements lock
-- them in the same order. A day is the UTC day of paid_at (created_at if paid_at is missing).
CREATE OR REPLACE FUNCTION keyshop_sales_daily_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sales_daily AS s (day, kind, plan_key, paid_count, paid_mills)
    SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date, kind, coalesce(plan_id, ''), count(*), sum(amount_mills)
    FROM new_rows WHERE status = 'paid'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, kind, plan_key) DO UPDATE
      SET paid_count = s.paid_count + excluded.paid_count, paid_mills = s.paid_mills + excluded.paid_mills;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO sales_daily AS s (day, kind, plan_key, paid_count, paid_mills)
    SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date, kind, coalesce(plan_id, ''), -count(*), -sum(amount_mills)
    FROM old_rows WHERE status = 'paid'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, kind, plan_key) DO UPDATE
      SET paid_count = s.paid_count + excluded.paid_count, paid_mills = s.paid_mills + excluded.paid_mills;
  ELSE
    INSERT INTO sales_daily AS s (day, kind, plan_key, paid_count, paid_mills)
    SELECT day, kind, plan_key, sum(n), sum(m)
    FROM (
      SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date AS day, kind, coalesce(plan_id, '') AS plan_key, 1 AS n, amount_mills AS m
      FROM new_rows WHERE status = 'paid'
      UNION ALL
      SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date, kind, coalesce(plan_id, ''), -1, -amount_mills
      FROM old_rows WHERE status = 'paid'
    ) d
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(m) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (day, kind, plan_key) DO UPDATE
      SET paid_count = s.paid_count + excluded.paid_count, paid_mills = s.paid_mills + excluded.paid_mills;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_sales_daily_insert AFTER INSERT ON orders
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_sales_daily_apply();
--> statement-breakpoint
CREATE TRIGGER orders_sales_daily_update AFTER UPDATE ON orders
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_sales_daily_apply();
--> statement-breakpoint
CREATE TRIGGER orders_sales_daily_delete AFTER DELETE ON orders
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_sales_daily_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyshop_sales_daily_truncate() RETURNS trigger AS $$
BEGIN
  DELETE FROM sales_daily;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_sales_daily_truncate AFTER TRUNCATE ON orders
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_sales_daily_truncate();
--> statement-breakpoint
-- Orders paid before this migration.
INSERT INTO sales_daily (day, kind, plan_key, paid_count, paid_mills)
SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date, kind, coalesce(plan_id, ''), count(*), sum(amount_mills)
FROM orders WHERE status = 'paid'
GROUP BY 1, 2, 3;
