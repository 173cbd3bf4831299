CREATE TABLE "kopeechka_filters" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"regex" text,
	"subject" text
);
--> statement-breakpoint
ALTER TABLE "kopeechka_filters" ADD CONSTRAINT "kopeechka_filters_order_id_otp_mail_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."otp_mail_orders"("id") ON DELETE cascade ON UPDATE no action;