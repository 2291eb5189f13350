ALTER TABLE "quotes" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "owner_id" uuid;
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "source_path" text;
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "referrer" text;
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "utm_source" text;
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "utm_medium" text;
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "utm_campaign" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "owner_id" uuid;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "source_path" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "referrer" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "utm_source" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "utm_medium" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "utm_campaign" text;
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "owner_id" uuid;
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "source_path" text;
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "referrer" text;
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "utm_source" text;
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "utm_medium" text;
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "utm_campaign" text;
--> statement-breakpoint
CREATE TABLE "lead_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"lead_kind" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
UPDATE "quotes" SET "status" = CASE WHEN "spam" THEN 'spam' WHEN "handled" THEN 'contacted' ELSE 'new' END, "last_activity_at" = "created_at";
--> statement-breakpoint
INSERT INTO "lead_events" ("lead_kind", "lead_id", "type", "data", "created_at") SELECT 'quotes', "id", 'received', CASE WHEN "spam" THEN '{"spamReason":"honeypot"}'::jsonb ELSE '{}'::jsonb END, "created_at" FROM "quotes" ORDER BY "created_at";
--> statement-breakpoint
UPDATE "contacts" SET "status" = CASE WHEN "spam" THEN 'spam' WHEN "handled" THEN 'contacted' ELSE 'new' END, "last_activity_at" = "created_at";
--> statement-breakpoint
INSERT INTO "lead_events" ("lead_kind", "lead_id", "type", "data", "created_at") SELECT 'contacts', "id", 'received', CASE WHEN "spam" THEN '{"spamReason":"honeypot"}'::jsonb ELSE '{}'::jsonb END, "created_at" FROM "contacts" ORDER BY "created_at";
--> statement-breakpoint
UPDATE "applications" SET "status" = CASE WHEN "spam" THEN 'spam' WHEN "handled" THEN 'reviewing' ELSE 'new' END, "last_activity_at" = "created_at";
--> statement-breakpoint
INSERT INTO "lead_events" ("lead_kind", "lead_id", "type", "data", "created_at") SELECT 'applications', "id", 'received', CASE WHEN "spam" THEN '{"spamReason":"honeypot"}'::jsonb ELSE '{}'::jsonb END, "created_at" FROM "applications" ORDER BY "created_at";
--> statement-breakpoint
ALTER TABLE "quotes" DROP COLUMN "spam";
--> statement-breakpoint
ALTER TABLE "quotes" DROP COLUMN "handled";
--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "spam";
--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "handled";
--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "spam";
--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "handled";
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "quotes_status_created_idx" ON "quotes" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX "quotes_owner_idx" ON "quotes" USING btree ("owner_id");
--> statement-breakpoint
CREATE INDEX "contacts_status_created_idx" ON "contacts" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX "contacts_owner_idx" ON "contacts" USING btree ("owner_id");
--> statement-breakpoint
CREATE INDEX "applications_status_created_idx" ON "applications" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX "applications_owner_idx" ON "applications" USING btree ("owner_id");
--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_kind","lead_id","created_at","seq");
--> statement-breakpoint
CREATE INDEX "lead_events_type_idx" ON "lead_events" USING btree ("type","created_at");
--> statement-breakpoint
CREATE INDEX "used_challenges_expires_idx" ON "used_challenges" USING btree ("expires_at");