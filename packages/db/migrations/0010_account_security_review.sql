-- Issue 21: a 2FA sign-in challenge ends after 5 wrong codes, whatever addresses they come from.
ALTER TABLE "login_challenges" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;
