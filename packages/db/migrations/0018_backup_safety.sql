-- Backups that heal and archives only their owner reads (issue 30).
-- outbox.held_at: a message restored from an archive, where it was pending; the worker skips it until staff send
-- it (held_at cleared) or discard it. backup_runs.heartbeat_at: renewed every few seconds by the instance taking
-- the backup; a run whose heartbeat stopped for a minute no longer holds the lease. backup_runs.instance: which
-- instance took it, so one marks its own unfinished runs failed when it starts again. backup_links: one-time
-- download links (a hash of the token) given after the admin confirmed their password.
ALTER TABLE "outbox" ADD COLUMN "held_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "backup_runs" ADD COLUMN "heartbeat_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "backup_runs" ADD COLUMN "instance" text;
--> statement-breakpoint
CREATE TABLE "backup_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backup_links" ADD CONSTRAINT "backup_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
