// How the admin's editors (content documents, blog posts) keep an editor's text (issue 23): saved by
// themselves a moment after typing stops, kept in the browser until the server has it, never lost to Esc,
// a reload or leaving the page. No zod here: the admin imports it without the schemas.

/** The draft is saved this long after the last change. */
export const AUTOSAVE_DELAY_MS = 2000;

export const EDITOR_MESSAGES = {
  saving: 'Saving…',
  savedAt: (time: string) => `Draft saved at ${time}`,
  keptLocally: (time: string) => `Kept in this browser at ${time}; not saved yet`,
  notSavedInvalid: 'Not saved yet: correct the fields marked below (your text is kept in this browser).',
  saveFailed: 'The draft could not be saved; your text is kept in this browser and saving is tried again.',
  restoredLocal: 'Your unsaved changes from this browser were put back.',
  leaveUnsaved: 'Your latest changes are not saved yet. Leave anyway? They stay in this browser.',
  published: 'Published',
  scheduled: 'Scheduled',
  publishFailed: 'The document could not be published',
  previewFailed: 'The preview link could not be made',
  restored: 'The earlier version is published again',
  restoreFailed: 'The earlier version could not be restored',
  checksPass: 'All publish checks pass.',
  noDraft: 'Nothing to publish: the draft is the published version.',
} as const;
