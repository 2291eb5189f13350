// The content editor's Publish box (issue 31, item 3): every problem listed before the click, each a link that
// opens its field; publish now or at a time; an admin may publish a refused draft anyway (audited); the draft's
// page opened in one click, or a preview link to share.
import type { ContentCheck, Role } from '@agency/contract';
import { EDITOR_MESSAGES } from '@agency/contract';
import { primaryButton, secondaryButton } from '~/components/admin/form-styles';
import { errorBox } from '~/components/admin/query-view';
import { exactTime, humanTime } from '~/lib/human-time';

export interface PublishBoxProps {
  /** The document's title. */
  title: string;
  role: Role;
  /** The problems of the text on screen (schema and publish checks). */
  checks: ContentCheck[];
  /** What a refused publish named (shown instead of `checks` until the text changes), or null. */
  refused: ContentCheck[] | null;
  /** A draft waits, or changes not saved yet. */
  hasDraft: boolean;
  publishAt: string;
  setPublishAt: (value: string) => void;
  onPublish: (override: boolean) => void;
  onOpenPreview: () => void;
  onMakePreview: () => void;
  preview: { url: string; expiresAt: string } | null;
  /** Opens and focuses a field named by a problem. */
  onOpenField: (field: string) => void;
}

export function PublishBox({
  title,
  role,
  checks,
  refused,
  hasDraft,
  publishAt,
  setPublishAt,
  onPublish,
  onOpenPreview,
  onMakePreview,
  preview,
  onOpenField,
}: PublishBoxProps) {
  return (
    <section aria-labelledby="publish-heading" className="space-y-4 rounded-md border border-slate-300 p-4">
      <h3 id="publish-heading" className="text-lg font-semibold">
        Publish
      </h3>
      <PublishChecks checks={refused ?? checks} refused={refused !== null} hasDraft={hasDraft} onOpen={onOpenField} />
      <div>
        <label htmlFor="content-publish-at" className="block text-sm font-medium text-slate-800">
          Publish at (optional)
        </label>
        <input
          id="content-publish-at"
          type="datetime-local"
          value={publishAt}
          onChange={(event) => setPublishAt(event.target.value)}
          aria-describedby="content-publish-at-hint"
          className="mt-1 rounded-md border border-slate-400 px-3 py-2"
        />
        <p id="content-publish-at-hint" className="mt-1 text-sm text-slate-600">
          Leave empty to publish now; a later time schedules it.
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={primaryButton} disabled={!hasDraft} onClick={() => onPublish(false)}>
          {publishAt ? 'Schedule' : 'Publish'}
        </button>
        {role === 'admin' && refused && refused.length > 0 && (
          <button type="button" className={secondaryButton} onClick={() => onPublish(true)}>
            Publish anyway (recorded in the audit log)
          </button>
        )}
        <button type="button" className={secondaryButton} onClick={onOpenPreview}>
          Open the draft’s page
        </button>
        <button type="button" className={secondaryButton} onClick={onMakePreview}>
          Preview link
        </button>
      </div>
      {preview && (
        <p className="text-sm">
          <a href={preview.url} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
            Preview of “{title}” as the draft will look
          </a>{' '}
          <span className="text-slate-600">
            (works without signing in until{' '}
            <time dateTime={preview.expiresAt} title={exactTime(preview.expiresAt)}>
              {humanTime(preview.expiresAt)}
            </time>
            )
          </span>
        </p>
      )}
    </section>
  );
}

function PublishChecks({
  checks,
  refused,
  hasDraft,
  onOpen,
}: {
  checks: ContentCheck[];
  refused: boolean;
  hasDraft: boolean;
  onOpen: (field: string) => void;
}) {
  if (!hasDraft) return <p className="text-sm text-slate-700">{EDITOR_MESSAGES.noDraft}</p>;
  if (checks.length === 0) return <p className="text-sm text-green-800">{EDITOR_MESSAGES.checksPass}</p>;
  return (
    <div role={refused ? 'alert' : undefined} className={errorBox} data-testid="publish-problems">
      <p className="font-medium">
        {refused
          ? `Not published: fix ${checks.length === 1 ? 'this' : `these ${checks.length}`} first`
          : `${checks.length === 1 ? 'One thing' : `${checks.length} things`} to fix before publishing`}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {checks.map((check) => (
          <li key={`${check.field}:${check.message}`}>
            <a
              href={`#${check.field}`}
              className="font-medium underline"
              onClick={(event) => {
                event.preventDefault();
                onOpen(check.field);
              }}
            >
              {check.label}
            </a>
            : {check.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
