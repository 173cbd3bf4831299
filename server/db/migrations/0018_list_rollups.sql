CREATE TABLE "order_day_counts" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_counts_day_status_shard_pk" PRIMARY KEY("day","status","shard")
);
--> statement-breakpoint
CREATE TABLE "order_prefix_totals" (
	"prefix" text NOT NULL,
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"net_paid_mills" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_prefix_totals_prefix_status_shard_pk" PRIMARY KEY("prefix","status","shard")
);
--> statement-breakpoint
-- order_day_counts (deep pages) and order_prefix_totals (1–2 character searches) follow every
-- change to orders in the same transaction, as order_counts does (migration 0016): statement
-- triggers with transition tables; an update counts only the rows whose day, status, e-mail or
-- amounts changed. Each statement adds to one of 16 shards picked at random.
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
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_day_counts AS c (day, status, shard, n)
    SELECT (created_at AT TIME ZONE 'UTC')::date, status, s, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, status, shard) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO order_prefix_totals AS t (prefix, status, shard, n, net_paid_mills)
    SELECT left(lower(email), 2), status, s, -count(*), -coalesce(sum(amount_mills - refunded_mills) FILTER (WHERE status = 'paid'), 0)
    FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (prefix, status, shard) DO UPDATE SET n = t.n + excluded.n, net_paid_mills = t.net_paid_mills + excluded.net_paid_mills;
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
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_rollups_insert AFTER INSERT ON orders
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_order_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER orders_rollups_update AFTER UPDATE ON orders
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_order_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER orders_rollups_delete AFTER DELETE ON orders
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_order_rollups_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyshop_order_rollups_truncate() RETURNS trigger AS $$
BEGIN
  DELETE FROM order_day_counts;
  DELETE FROM order_prefix_totals;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_rollups_truncate AFTER TRUNCATE ON orders
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_order_rollups_truncate();
--> statement-breakpoint
-- Rows written before this migration.
INSERT INTO order_day_counts (day, status, shard, n)
SELECT (created_at AT TIME ZONE 'UTC')::date, status, 0, count(*) FROM orders GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO order_prefix_totals (prefix, status, shard, n, net_paid_mills)
SELECT left(lower(email), 2), status, 0, count(*), coalesce(sum(amount_mills - refunded_mills) FILTER (WHERE status = 'paid'), 0) FROM orders GROUP BY 1, 2;
