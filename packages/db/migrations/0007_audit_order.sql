-- The audit log's order of appending: two entries of one request can share a clock reading (PGlite's
-- clock is coarse), so "newest first" is by this sequence, not by time.
ALTER TABLE "audit_log" ADD COLUMN "seq" bigserial NOT NULL;
