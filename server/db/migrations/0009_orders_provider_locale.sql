ALTER TABLE "orders" ADD COLUMN "provider" text DEFAULT 'payway' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;