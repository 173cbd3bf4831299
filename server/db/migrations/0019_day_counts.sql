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
-- moves only the rows whose day changed. One function serves both lists: its trigger arguments name
-- the rollup and the list's time column.
CREATE OR REPLACE FUNCTION keyshop_list_day_counts_apply() RETURNS trigger AS $$
DECLARE
  s smallint := floor(random() * 16)::smallint;
  upsert text := format('INSERT INTO %I AS c (day, shard, n) ', TG_ARGV[0]);
  merge text := ' GROUP BY 1 ORDER BY 1 ON CONFLICT (day, shard) DO UPDATE SET n = c.n + excluded.n';
  day_of text := format('(%I AT TIME ZONE ''UTC'')::date', TG_ARGV[1]);
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE upsert || format('SELECT %s, $1, count(*) FROM new_rows', day_of) || merge USING s;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE upsert || format('SELECT %s, $1, -count(*) FROM old_rows', day_of) || merge USING s;
  ELSE
    EXECUTE upsert || format(
      'SELECT day, $1, sum(d) FROM (
         SELECT (o.%1$I AT TIME ZONE ''UTC'')::date AS day, -1 AS d FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.%1$I IS DISTINCT FROM n.%1$I
         UNION ALL
         SELECT (n.%1$I AT TIME ZONE ''UTC'')::date, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.%1$I IS DISTINCT FROM n.%1$I
       ) changed', TG_ARGV[1]) || merge USING s;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER otp_day_counts_insert AFTER INSERT ON otp_mail_orders
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_apply('otp_day_counts', 'created_at');
--> statement-breakpoint
CREATE TRIGGER otp_day_counts_update AFTER UPDATE ON otp_mail_orders
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_apply('otp_day_counts', 'created_at');
--> statement-breakpoint
CREATE TRIGGER otp_day_counts_delete AFTER DELETE ON otp_mail_orders
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_apply('otp_day_counts', 'created_at');
--> statement-breakpoint
CREATE TRIGGER license_history_day_counts_insert AFTER INSERT ON license_history
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_apply('license_history_day_counts', 'change_date');
--> statement-breakpoint
CREATE TRIGGER license_history_day_counts_update AFTER UPDATE ON license_history
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_apply('license_history_day_counts', 'change_date');
--> statement-breakpoint
CREATE TRIGGER license_history_day_counts_delete AFTER DELETE ON license_history
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_apply('license_history_day_counts', 'change_date');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyshop_list_day_counts_truncate() RETURNS trigger AS $$
BEGIN
  EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER otp_day_counts_truncate AFTER TRUNCATE ON otp_mail_orders
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_truncate('otp_day_counts');
--> statement-breakpoint
CREATE TRIGGER license_history_day_counts_truncate AFTER TRUNCATE ON license_history
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_list_day_counts_truncate('license_history_day_counts');
--> statement-breakpoint
-- Rows written before this migration.
INSERT INTO otp_day_counts (day, shard, n) SELECT (created_at AT TIME ZONE 'UTC')::date, 0, count(*) FROM otp_mail_orders GROUP BY 1;
--> statement-breakpoint
INSERT INTO license_history_day_counts (day, shard, n) SELECT (change_date AT TIME ZONE 'UTC')::date, 0, count(*) FROM license_history GROUP BY 1;
