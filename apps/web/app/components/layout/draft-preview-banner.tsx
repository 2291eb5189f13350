// Every preview page (a content document's draft through `?preview=`, a post's preview link) says it is one, at
// the top, before anything else: what it shows is not what the public sees (issue 31).
export const DRAFT_PREVIEW_TEXT = 'Draft preview — not published';

/** Whether a page's route data is a preview (lib/content-loader.ts sets `preview`). */
export const isPreviewData = (data: unknown): boolean =>
  Boolean(data && typeof data === 'object' && 'preview' in data && data.preview === true);

export function DraftPreviewBanner() {
  return (
    <div
      data-testid="draft-preview-banner"
      className="sticky top-0 z-[60] bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-amber-950"
    >
      {DRAFT_PREVIEW_TEXT}
    </div>
  );
}
