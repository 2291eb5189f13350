-- The media library (issue 23, item 5): one row per uploaded image, whose WebP variants are stored under
-- images/<id>-<width>.webp like the blog images; `alt` describes it for people who cannot see it.
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"alt" text NOT NULL,
	"width" integer,
	"height" integer,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_alt_check" CHECK (length(btrim("media"."alt")) > 0)
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media" USING btree ("created_at");
--> statement-breakpoint
-- A post's own excerpt, search and social fields (issue 23, item 6). `excerpt_written` tells a hand-written
-- excerpt (kept when the content changes) from one taken from the content.
ALTER TABLE "blogs" ADD COLUMN "excerpt_written" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "seo_title" text;
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "seo_description" text;
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "social_image_url" text;
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "social_image_alt" text;
--> statement-breakpoint
-- Revisions keep them too, so a restore puts them back (excerpt: only a hand-written one, else null).
ALTER TABLE "blog_revisions" ADD COLUMN "excerpt" text;
--> statement-breakpoint
ALTER TABLE "blog_revisions" ADD COLUMN "seo_title" text;
--> statement-breakpoint
ALTER TABLE "blog_revisions" ADD COLUMN "seo_description" text;
--> statement-breakpoint
ALTER TABLE "blog_revisions" ADD COLUMN "social_image_url" text;
--> statement-breakpoint
ALTER TABLE "blog_revisions" ADD COLUMN "social_image_alt" text;
