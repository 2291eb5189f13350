-- Issue 22: follow-ups and deal values on leads, replies from the admin (Reply-To on outbox mail), reply
-- templates, invitations, the staff digest's preference and its once-a-day claim.
ALTER TABLE "quotes" ADD COLUMN "follow_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "follow_up_note" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "deal_value" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "follow_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "follow_up_note" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "follow_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "follow_up_note" text;--> statement-breakpoint
CREATE INDEX "quotes_follow_up_idx" ON "quotes" USING btree ("follow_up_at") WHERE "follow_up_at" is not null;--> statement-breakpoint
CREATE INDEX "contacts_follow_up_idx" ON "contacts" USING btree ("follow_up_at") WHERE "follow_up_at" is not null;--> statement-breakpoint
CREATE INDEX "applications_follow_up_idx" ON "applications" USING btree ("follow_up_at") WHERE "follow_up_at" is not null;--> statement-breakpoint
CREATE INDEX "quotes_email_idx" ON "quotes" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "contacts_email_idx" ON "contacts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "applications_email_idx" ON "applications" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "reply_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_kind" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "reply_templates_kind_idx" ON "reply_templates" USING btree ("lead_kind","position");--> statement-breakpoint
CREATE TABLE "user_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_invites_token_hash_unique" UNIQUE("token_hash")
);--> statement-breakpoint
ALTER TABLE "user_invites" ADD CONSTRAINT "user_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "daily_runs" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_runs_job_day_pk" PRIMARY KEY("job","day")
);
