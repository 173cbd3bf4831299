-- Rate-limit counters need no crash safety: unlogged tables skip the WAL, so a counter bump
-- costs no disk flush on the hot path (validate, sign-in). After a crash they start empty.
ALTER TABLE "api_rate_limits" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "rate_limit" SET UNLOGGED;
