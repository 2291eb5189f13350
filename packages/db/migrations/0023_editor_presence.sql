-- Issue 31 point 5: who has a content document or a blog post open in the editor, shared by every instance of a
-- cluster (it was kept in one process's memory). One row per open editor, refreshed by its heartbeat; a row not
-- refreshed for CONTENT_PRESENCE_TTL_SECONDS is no longer shown and is removed by the next heartbeat.
CREATE TABLE "editor_presence" (
	"key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editor_presence_key_user_id_pk" PRIMARY KEY("key","user_id")
);
--> statement-breakpoint
ALTER TABLE "editor_presence" ADD CONSTRAINT "editor_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "editor_presence_heartbeat_idx" ON "editor_presence" USING btree ("heartbeat_at");
