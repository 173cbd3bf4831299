DROP INDEX "orders_paid_at_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_claim_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_refund_check_idx" ON "orders" USING btree ("next_check_at") WHERE "orders"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","kind","plan_id","amount_mills","refunded_mills") WHERE "orders"."status" = 'paid';--> statement-breakpoint
-- sales_daily counts paid sales net of refunds (decision 024): a partial refund lowers the sale's
-- day by what was given back; a full refund makes the order 'refunded', which drops it from the
-- rollup as before. Same statement triggers as 0006, only the amount changes.
CREATE OR REPLACE FUNCTION keyshop_sales_daily_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sales_daily AS s (day, kind, plan_key, paid_count, paid_mills)
    SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date, kind, coalesce(plan_id, ''), count(*), sum(amount_mills - refunded_mills)
    FROM new_rows WHERE status = 'paid'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, kind, plan_key) DO UPDATE
      SET paid_count = s.paid_count + excluded.paid_count, paid_mills = s.paid_mills + excluded.paid_mills;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO sales_daily AS s (day, kind, plan_key, paid_count, paid_mills)
    SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date, kind, coalesce(plan_id, ''), -count(*), -sum(amount_mills - refunded_mills)
    FROM old_rows WHERE status = 'paid'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, kind, plan_key) DO UPDATE
      SET paid_count = s.paid_count + excluded.paid_count, paid_mills = s.paid_mills + excluded.paid_mills;
  ELSE
    INSERT INTO sales_daily AS s (day, kind, plan_key, paid_count, paid_mills)
    SELECT day, kind, plan_key, sum(n), sum(m)
    FROM (
      SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date AS day, kind, coalesce(plan_id, '') AS plan_key, 1 AS n, amount_mills - refunded_mills AS m
      FROM new_rows WHERE status = 'paid'
      UNION ALL
      SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date, kind, coalesce(plan_id, ''), -1, -(amount_mills - refunded_mills)
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
-- Rebuilt once under the new rule (refunded_mills is 0 everywhere before this release).
DELETE FROM sales_daily;
--> statement-breakpoint
INSERT INTO sales_daily (day, kind, plan_key, paid_count, paid_mills)
SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date, kind, coalesce(plan_id, ''), count(*), sum(amount_mills - refunded_mills)
FROM orders WHERE status = 'paid'
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Paid orders are re-checked for refunds made at the provider for 30 days (PayWay's refund
-- window); older ones never again.
UPDATE orders SET next_check_at = NULL WHERE status = 'paid' AND coalesce(paid_at, created_at) < now() - interval '30 days';
