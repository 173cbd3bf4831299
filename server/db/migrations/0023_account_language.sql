ALTER TABLE "user" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
-- Accounts made before: the language of their latest order, which reminders followed until now (decision 040).
UPDATE "user" AS u SET "language" = o."locale"
  FROM (SELECT DISTINCT ON (lower("email")) lower("email") AS "email", "locale" FROM "orders" ORDER BY lower("email"), "created_at" DESC) AS o
 WHERE o."email" = u."email" AND o."locale" <> 'en';--> statement-breakpoint
-- A plan's length, which its titles come from in every language. The catalogue sync sets it at
-- every start; rows it no longer lists get it from their period (30, 90, 365 days: 1, 3, 12).
ALTER TABLE "plans" ADD COLUMN "months" integer;--> statement-breakpoint
UPDATE "plans" SET "months" = greatest(1, round("period_days" / 30.4375));--> statement-breakpoint
ALTER TABLE "plans" ALTER COLUMN "months" SET NOT NULL;
