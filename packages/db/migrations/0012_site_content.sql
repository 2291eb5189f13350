-- Issue 23: the site's editable content (docs/decisions/0020-site-content-documents.md). One row per document:
-- what the public sees (`published`), what is due to replace it at `scheduled_at`, and at most one draft. The
-- API fills missing documents with their defaults (today's texts) on every start, so a fresh install and an
-- existing database both get them. `edited` stays false while the public version is the installation's: the
-- prerendered page is then still right and is served as it is.
CREATE TABLE "content_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"published" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid,
	"edited" boolean DEFAULT false NOT NULL,
	"scheduled" jsonb,
	"scheduled_at" timestamp with time zone,
	"scheduled_by" uuid,
	"draft" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_by_name" text,
	CONSTRAINT "content_documents_schedule_check" CHECK (("scheduled" IS NULL) = ("scheduled_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_scheduled_by_users_id_fk" FOREIGN KEY ("scheduled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_documents_scheduled_idx" ON "content_documents" USING btree ("scheduled_at") WHERE "scheduled_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_by_name" text
);
--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_key_content_documents_key_fk" FOREIGN KEY ("key") REFERENCES "public"."content_documents"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revisions_key_idx" ON "content_revisions" USING btree ("key","created_at");--> statement-breakpoint
-- What the public sees changes with `published` or the schedule, never with a draft save (autosave every few
-- seconds must not empty every instance's page cache).
CREATE TRIGGER "content_documents_content_version" AFTER INSERT OR DELETE OR TRUNCATE ON "content_documents"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "content_documents_published_version" AFTER UPDATE OF "published", "scheduled", "scheduled_at" ON "content_documents"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
