CREATE TABLE "licence_assignments" (
	"licence_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"reseller_user_id" text,
	"email" text NOT NULL,
	"user_id" text,
	"account_created" boolean DEFAULT false NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "reseller" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unit_price_mills" bigint;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "volume_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_assignments" ADD CONSTRAINT "licence_assignments_licence_id_licenses_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_assignments" ADD CONSTRAINT "licence_assignments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_assignments" ADD CONSTRAINT "licence_assignments_reseller_user_id_user_id_fk" FOREIGN KEY ("reseller_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_assignments" ADD CONSTRAINT "licence_assignments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_assignments_order_idx" ON "licence_assignments" USING btree ("order_id","assigned_at");--> statement-breakpoint
CREATE INDEX "licenses_order_idx" ON "licenses" USING btree ("order_id");