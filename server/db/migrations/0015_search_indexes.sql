-- Admin and customer searches served by indexes (issue #19, decision 030).
-- A term of 3 characters or more is a case-insensitive part (ILIKE '%term%') of the columns below:
-- GIN trigram indexes serve it, hit or miss, without reading the table. A shorter term cannot be
-- split into trigrams: it is matched as the beginning of an e-mail (or OTP address), served by the
-- lower(...) text_pattern_ops btrees. Whole buy keys are looked up exactly.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_username_trgm_idx" ON "user" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_email_prefix_idx" ON "user" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_buy_key_trgm_idx" ON "orders" USING gin (("fulfilment" ->> 'buyKey') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_buy_key_idx" ON "orders" USING btree (("fulfilment" ->> 'buyKey'));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_email_prefix_idx" ON "orders" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_created_id_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "licenses_email_trgm_idx" ON "licenses" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "license_history_email_trgm_idx" ON "license_history" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "license_history_changed_by_trgm_idx" ON "license_history" USING gin ("changed_by" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "license_history_buykey_trgm_idx" ON "license_history" USING gin ("buykey" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "license_history_old_license_trgm_idx" ON "license_history" USING gin ("old_license" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "license_history_new_license_trgm_idx" ON "license_history" USING gin ("new_license" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "license_history_email_prefix_idx" ON "license_history" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "license_history_date_id_idx" ON "license_history" USING btree ("change_date" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "otp_mail_orders_address_trgm_idx" ON "otp_mail_orders" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "otp_mail_orders_service_trgm_idx" ON "otp_mail_orders" USING gin ("service" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "otp_mail_orders_address_prefix_idx" ON "otp_mail_orders" USING btree (lower("address") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "otp_mail_orders_created_id_idx" ON "otp_mail_orders" USING btree ("created_at" DESC, "id" DESC);
