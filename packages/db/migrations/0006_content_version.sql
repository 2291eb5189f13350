-- One counter that every write to public content raises, whichever instance or statement made it:
-- each instance's page cache compares it before answering (docs/decisions/0008-public-page-cache.md).
CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "content_version_single_row" CHECK ("content_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "blogs_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blogs"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "users_content_version" AFTER UPDATE OR DELETE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
