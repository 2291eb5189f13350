-- Issue 32 point 8: a lead posted by a form without JavaScript (routes/forms) is marked, so the staff can tell
-- why it was held as possible spam (it carries no proof of work). Existing leads came through the script.
ALTER TABLE "quotes" ADD COLUMN "sent_without_javascript" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "sent_without_javascript" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "sent_without_javascript" boolean DEFAULT false NOT NULL;
