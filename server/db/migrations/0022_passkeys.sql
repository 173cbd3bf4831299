CREATE TABLE "passkey" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"public_key" text NOT NULL,
	"user_id" text NOT NULL,
	"credential_id" text NOT NULL,
	"counter" bigint NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"transports" text,
	"created_at" timestamp with time zone DEFAULT now(),
	"aaguid" text,
	CONSTRAINT "passkey_credential_id_unique" UNIQUE("credential_id")
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "passkey_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "passkey" ADD CONSTRAINT "passkey_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkey_user_id_idx" ON "passkey" USING btree ("user_id");
--> statement-breakpoint
-- user.passkey_enabled follows the passkey table in the same transaction, whatever writes it
-- (better-auth's plugin, a cascade, psql): the session middleware reads "has a second factor" from
-- the user row it reads anyway (decision 038). The user row is locked first, so two removals
-- racing for an account's last two passkeys cannot both see the other one still there: the second
-- waits, then counts what the first committed (each statement takes a fresh snapshot).
CREATE OR REPLACE FUNCTION keyshop_passkey_enabled(account text) RETURNS void AS $$
BEGIN
  PERFORM 1 FROM "user" WHERE id = account FOR UPDATE;
  UPDATE "user" SET passkey_enabled = EXISTS (SELECT 1 FROM passkey WHERE user_id = account)
  WHERE id = account AND passkey_enabled IS DISTINCT FROM EXISTS (SELECT 1 FROM passkey WHERE user_id = account);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyshop_passkey_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM keyshop_passkey_enabled(OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM keyshop_passkey_enabled(NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER passkey_sets_user_flag
AFTER INSERT OR DELETE OR UPDATE OF user_id ON passkey
FOR EACH ROW EXECUTE FUNCTION keyshop_passkey_changed();
