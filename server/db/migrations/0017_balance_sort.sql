-- Manage Balances sorted by balance (decision 030): the keys walked in balance order, users by id.
CREATE INDEX IF NOT EXISTS "api_keys_balance_desc_idx" ON "api_keys" USING btree ("balance_mills" DESC, "user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_keys_balance_asc_idx" ON "api_keys" USING btree ("balance_mills", "user_id");
