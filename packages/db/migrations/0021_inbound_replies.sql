-- Issue 32: answers come back onto their lead from the agency's mailbox (IMAP). A lead shows an answer nobody
-- has opened yet (unread_reply_at); each message seen is remembered by its Message-ID (filed once, unmatched and
-- too-large ones counted); an answer's files are kept like a quote's; one row holds the cluster's lease on the
-- mailbox and where the watcher got to.
ALTER TABLE "quotes" ADD COLUMN "unread_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "unread_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "unread_reply_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"status" text NOT NULL,
	"lead_kind" text,
	"lead_id" uuid,
	"size_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_messages_status_check" CHECK ("status" IN ('filed', 'unmatched', 'too_large'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_message_id_idx" ON "inbound_messages" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "inbound_messages_lead_idx" ON "inbound_messages" USING btree ("lead_kind","lead_id");--> statement-breakpoint
CREATE INDEX "inbound_messages_status_idx" ON "inbound_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE TABLE "lead_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_kind" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lead_attachments_lead_idx" ON "lead_attachments" USING btree ("lead_kind","lead_id");--> statement-breakpoint
CREATE TABLE "inbound_mailbox" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"holder" text,
	"lease_until" timestamp with time zone,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	CONSTRAINT "inbound_mailbox_single_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "inbound_mailbox" ("id") VALUES (1) ON CONFLICT DO NOTHING;
