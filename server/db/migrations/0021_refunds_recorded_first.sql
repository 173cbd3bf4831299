ALTER TABLE "refunds" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "refunded_total_mills" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_request_id_refund_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."refund_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Rows written before this migration were recorded and applied in one transaction (decision 024).
UPDATE "refunds" AS r SET "applied_at" = r."created_at", "refunded_total_mills" = t.total
  FROM (SELECT "id", sum("amount_mills") OVER (PARTITION BY "order_id" ORDER BY "created_at", "id") AS total FROM "refunds") AS t
 WHERE t."id" = r."id";--> statement-breakpoint
CREATE INDEX "refunds_unapplied_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."applied_at" is null;
