CREATE TABLE "licence_signals" (
	"licence_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "licence_signals_licence_id_kind_value_hour_pk" PRIMARY KEY("licence_id","kind","value","hour")
);
--> statement-breakpoint
CREATE TABLE "licence_suspicions" (
	"licence_id" uuid NOT NULL,
	"day" date NOT NULL,
	"addresses" integer NOT NULL,
	"refused_keys" integer NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_suspicions_licence_id_day_pk" PRIMARY KEY("licence_id","day")
);
--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "status" text DEFAULT 'current' NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licence_suspicions" ADD CONSTRAINT "licence_suspicions_licence_id_licenses_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_signals" SET UNLOGGED;--> statement-breakpoint
CREATE INDEX "licence_signals_hour_idx" ON "licence_signals" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "licence_suspicions_day_idx" ON "licence_suspicions" USING btree ("day");--> statement-breakpoint
-- One device key, one licence. Existing duplicates keep the most recent binding (the latest
-- history row that bound the key, else the latest change to the row); the others lose the key
-- (their status reads from their dates as before) and each release is logged in the licence
-- history, where the owner and the admins see it.
WITH bound AS (
  SELECT l.id, l.license_key,
         row_number() OVER (
           PARTITION BY l.license_key
           ORDER BY (SELECT max(h.change_date) FROM license_history h WHERE h.license_id = l.id AND h.new_license = l.license_key) DESC NULLS LAST,
                    l.updated_at DESC, l.created_at DESC, l.id
         ) AS rank
  FROM licenses l
  WHERE l.license_key IS NOT NULL AND position('expirekey_' in l.license_key) = 0
),
released AS (
  UPDATE licenses l SET license_key = NULL, updated_at = now()
  FROM bound b
  WHERE l.id = b.id AND b.rank > 1
  RETURNING l.id, l.user_id, l.buy_key, l.email, b.license_key AS old_key
)
INSERT INTO license_history (license_id, user_id, old_license, new_license, buykey, email, status, changed_by, change_date, notes)
SELECT id, user_id, old_key, NULL, buy_key, email, 'changed', 'system', now(),
       'Device key released: it was also bound to a more recent license (one device key, one license)'
FROM released;
--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_bound_device_key_idx" ON "licenses" USING btree ("license_key") WHERE "licenses"."license_key" is not null and position('expirekey_' in "licenses"."license_key") = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "signing_keys_one_current_idx" ON "signing_keys" USING btree ("status") WHERE "signing_keys"."status" = 'current';--> statement-breakpoint
-- The key that existed before this migration became 'current' (the column's default). A rotation
-- (npm run license:rotate-key) changes rows here; every instance listens and reloads its keys as
-- the change commits.
CREATE OR REPLACE FUNCTION keyshop_notify_signing_keys_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('signing_keys_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER signing_keys_notify_change
AFTER INSERT OR UPDATE OR DELETE ON signing_keys
FOR EACH STATEMENT EXECUTE FUNCTION keyshop_notify_signing_keys_changed();
