-- The catalogue the seller runs (decision 074). Expand only: the previous release ignores these.
-- Orders keep the plan's terms they were opened with (a later change of bonus days or key changes
-- alters no open or paid order, nor its receipt); orders before this migration get their plan's
-- terms of today, the only ones they can have had.
ALTER TABLE "orders" ADD COLUMN "plan_terms" jsonb;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "extras" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "plan_terms" = jsonb_build_object('periodDays', p."period_days", 'bonusDays', p."bonus_days", 'keyChanges', p."key_changes")
FROM "plans" p WHERE "orders"."plan_id" = p."id" AND "orders"."plan_terms" IS NULL;
