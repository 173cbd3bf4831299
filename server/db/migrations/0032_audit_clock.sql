-- The audit log's time is when the entry was written, not its transaction's start: entries of
-- concurrent actions read in the order they happened. Expand only (a default).
ALTER TABLE "audit_log" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();