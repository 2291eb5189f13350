-- A post's autosaved draft (issue 23, item 6: "the same autosaved draft" as content documents). `draft` holds the
-- editor's form as it last saved itself (never public); `version` is raised by every draft save, update and
-- restore, so a save from a stale version is refused with 409 naming who changed the post (`changed_by`) and when
-- (`changed_at`). Existing posts start at version 1 without a draft.
ALTER TABLE "blogs" ADD COLUMN "draft" jsonb;
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "changed_by" uuid;
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "changed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- A draft save must not empty every instance's page cache (decision 0008): the content version is raised by an
-- update of what the public sees, as content documents' is (0012), not by an update of the draft columns only.
DROP TRIGGER "blogs_content_version" ON "blogs";
--> statement-breakpoint
CREATE TRIGGER "blogs_content_version" AFTER INSERT OR DELETE OR TRUNCATE ON "blogs"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "blogs_public_version" AFTER UPDATE OF "slug", "title", "content", "excerpt", "excerpt_written", "image_url", "image_alt", "seo_title", "seo_description", "social_image_url", "social_image_alt", "status", "tags", "author_id", "published_at", "created_at", "updated_at" ON "blogs"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
