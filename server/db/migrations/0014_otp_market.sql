CREATE TABLE "otp_mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"message_key" text NOT NULL,
	"from_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"received_at" timestamp with time zone NOT NULL,
	"keep_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_mail_orders" ADD COLUMN "reorder_of" uuid;--> statement-breakpoint
ALTER TABLE "otp_mail_messages" ADD CONSTRAINT "otp_mail_messages_order_id_otp_mail_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."otp_mail_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "otp_mail_messages_order_key_idx" ON "otp_mail_messages" USING btree ("order_id","message_key");--> statement-breakpoint
CREATE INDEX "otp_mail_messages_keep_until_idx" ON "otp_mail_messages" USING btree ("keep_until");