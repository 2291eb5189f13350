-- A new post has a server draft before its first save (issue 23): the first autosave of a new post creates it as
-- an unpublished draft (status 'draft', its form in `draft`), so its text survives a reload in another browser.
-- `never_saved` marks such a post until an editor saves it: that first save replaces it without keeping a revision
-- or an earlier address (nobody ever saved the version it replaces). Existing posts were all saved.
ALTER TABLE "blogs" ADD COLUMN "never_saved" boolean DEFAULT false NOT NULL;
