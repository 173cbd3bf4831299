-- The owner's incidents (decision 064): one open incident per kind at most (the partial unique
-- index is the guard two instances meet), resolved once.
CREATE TABLE "owner_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "owner_incidents_open_kind_idx" ON "owner_incidents" USING btree ("kind") WHERE "owner_incidents"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "owner_incidents_opened_idx" ON "owner_incidents" USING btree ("opened_at");
