CREATE TABLE "license_history_day_counts" (
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "license_history_day_counts_day_shard_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
CREATE TABLE "otp_day_counts" (
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "otp_day_counts_day_shard_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
-- otp_day_counts and license_history_day_counts follow every change in the same transaction, like
-- order_day_counts (migration 0018): statement triggers with transition tables, 16 shards. An update
-- moves only the rows whose day changed.
CREATE OR REPLACE FUNCTION keyshop_list_day_counts_apply() RETURNS trigger AS $$
DECLARE
  s smallint := floor(random() * 16)::smallint;
BEGIN
  IF TG_TABLE_NAME = 'otp_mail_orders' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO otp_day_counts AS c (day, shard, n)
      SELECT (created_at AT TIME ZONE 'UTC')::date, s, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (day, shard) DO UPDATE SET n = c.n + excluded.n;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO otp_day_counts AS c (day, shard, n)
      SELECT (created_at AT TIME ZONE 'UTC')::date, s, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (day, shard) DO UPDATE SET n = c.n + excluded.n;
    ELSE
      INSERT INTO otp_day_counts AS c (day, shard, n)
      SELECT day, s, sum(d) FROM (
        SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, -1 AS d FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.created_at IS DISTINCT FROM n.created_at
        UNION ALL
        SELECT (n.created_at AT TIME ZONE 'UTC')::date, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.created_at IS DISTINCT FROM n.created_at
      ) changed GROUP BY 1 ORDER BY 1
      ON CONFLICT (day, shard) DO UPDATE SET n = c.n + excluded.n;
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN
      INSERT INTO license_history_day_counts AS c (day, shard, n)
      SELECT (change_date AT TIME ZONE 'UTC')::date, s, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (day, shard) DO UPDATE SET n = c.n + excluded.n;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO license_history_day_counts AS c (day, shard, n)
      SELECT (change_date AT TIME ZONE 'UTC')::date, s, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (day, shard) DO UPDATE SET n = c.n + excluded.n;
    ELSE
      INSERT INTO license_history_day_counts AS c (day, shard, n)
      SELECT day, s, sum(d) FROM (
        SELECT (o.change_date AT TIME ZONE 'UTC')::date AS day, -1 AS d FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.change_date IS DISTINCT FROM n.change_date
        UNION ALL
        SELECT (n.change_date AT TIME ZONE 'UTC')::date, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.change_date IS DISTINCT FROM n.change_date
      ) changed GROUP BY 1 ORDER BY 1
      ON CONFLICT (day, shard) DO UPDATE SET n = c.n + excluded.n;
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER otp_day_counts_insert AFTER INSERT ON otp_mail_orders
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_apply();
--> statement-breakpoint
CREATE TRIGGER otp_day_counts_update AFTER UPDATE ON otp_mail_orders
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_apply();
--> statement-breakpoint
CREATE TRIGGER otp_day_counts_delete AFTER DELETE ON otp_mail_orders
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_apply();
--> statement-breakpoint
CREATE TRIGGER license_history_day_counts_insert AFTER INSERT ON license_history
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_apply();
--> statement-breakpoint
CREATE TRIGGER license_history_day_counts_update AFTER UPDATE ON license_history
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_apply();
--> statement-breakpoint
CREATE TRIGGER license_history_day_counts_delete AFTER DELETE ON license_history
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyshop_list_day_counts_truncate() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'otp_mail_orders' THEN DELETE FROM otp_day_counts; ELSE DELETE FROM license_history_day_counts; END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER otp_day_counts_truncate AFTER TRUNCATE ON otp_mail_orders
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_truncate();
--> statement-breakpoint
CREATE TRIGGER license_history_day_counts_truncate AFTER TRUNCATE ON license_history
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_truncate();
--> statement-breakpoint
-- Rows written before this migration.
INSERT INTO otp_day_counts (day, shard, n) SELECT (created_at AT TIME ZONE 'UTC')::date, 0, count(*) FROM otp_mail_orders GROUP BY 1;
--> statement-breakpoint
INSERT INTO license_history_day_counts (day, shard, n) SELECT (change_date AT TIME ZONE 'UTC')::date, 0, count(*) FROM license_history GROUP BY 1;
