-- Issue 12: scheduled posts, tags, image descriptions, full-text search, slug history, revisions, job openings.
-- A database post that took a built-in article's or a reserved address never had one of its own: it moves aside.
UPDATE "blogs" SET "slug" = "slug" || '-' || left("id"::text, 8) WHERE "slug" IN ('aws', 'vpn', 'network-design', 'rss', 'rss.xml', 'preview', 'tag', 'tags', 'search', 'feed', 'page');--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "content"), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_status_check" CHECK ("status" IN ('draft', 'published', 'scheduled'));--> statement-breakpoint
CREATE INDEX "blogs_search_idx" ON "blogs" USING gin ("search");--> statement-breakpoint
CREATE INDEX "blogs_tags_idx" ON "blogs" USING gin ("tags");--> statement-breakpoint
CREATE TABLE "blog_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"blog_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_slugs" ADD CONSTRAINT "blog_slugs_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_slugs_blog_idx" ON "blog_slugs" USING btree ("blog_id");--> statement-breakpoint
CREATE TABLE "blog_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"blog_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"image_url" text,
	"image_alt" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text NOT NULL,
	"published_at" timestamp with time zone,
	"editor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_revisions" ADD CONSTRAINT "blog_revisions_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_revisions" ADD CONSTRAINT "blog_revisions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_revisions_blog_idx" ON "blog_revisions" USING btree ("blog_id","created_at");--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"location" text NOT NULL,
	"employment_type" text NOT NULL,
	"salary_min" integer NOT NULL,
	"salary_max" integer NOT NULL,
	"salary_currency" text NOT NULL,
	"salary_unit" text DEFAULT 'YEAR' NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"valid_through" timestamp with time zone NOT NULL,
	"date_posted" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_slug_unique" UNIQUE("slug"),
	CONSTRAINT "jobs_status_check" CHECK ("status" IN ('open', 'closed'))
);
--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "jobs" USING btree ("status","valid_through");--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_job_idx" ON "applications" USING btree ("job_id");
--> statement-breakpoint
-- Job openings are public content too: their writes raise the page cache's content version (0006 creates the
-- table; the function is defined here as well so this migration stands on its own, 0006 replaces it alike).
CREATE OR REPLACE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "jobs_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "jobs"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
