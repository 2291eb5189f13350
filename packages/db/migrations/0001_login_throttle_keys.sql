CREATE TABLE "login_known_addresses" (
	"key" text PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Counters keyed by the plain email address held personal data of any length; the new keys are hashes.
DELETE FROM "login_failures" WHERE "key" LIKE 'email:%' OR "key" LIKE 'ip:%';
