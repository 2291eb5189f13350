// A content document's published versions (issue 31, item 4): choosing one shows it beside the version the
// public sees now, field by field, the changed fields marked; "Restore" asks first, and puts it in the draft to
// edit or publishes it, as the editor chooses. The editor's form then shows what was restored.
import {
  type CONTENT_RESTORE_TARGETS,
  ContentRestoreAnswerSchema,
  ContentRevisionListSchema,
  contentDocument,
  EDITOR_MESSAGES,
  fieldLabel,
  type ContentRevision,
} from '@agency/contract';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { primaryButton, secondaryButton } from '~/components/admin/form-styles';
import { Modal } from '~/components/ui/modal';
import { toast } from '~/components/ui/toast';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { changedFields, leaves, shownValue } from './document-diff';
import { HumanTime } from './human-time';

type RestoreAnswer = z.infer<typeof ContentRestoreAnswerSchema>;
type Target = (typeof CONTENT_RESTORE_TARGETS)[number];

export function ContentRevisions({
  documentKey,
  path,
  published,
  onRestored,
}: {
  documentKey: string;
  path: string;
  /** The version the public sees now. */
  published: unknown;
  onRestored: (answer: RestoreAnswer) => void;
}) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ContentRevision | null>(null);
  const revisions = useApiQuery(open ? `${path}/revisions` : null, ContentRevisionListSchema);
  return (
    <section aria-labelledby="revisions-heading" className="rounded-md border border-slate-300 p-4">
      <h3 id="revisions-heading" className="text-lg font-semibold">
        Published versions
      </h3>
      {!open ? (
        <button type="button" className={`${secondaryButton} mt-2`} onClick={() => setOpen(true)}>
          Show published versions
        </button>
      ) : revisions.data ? (
        revisions.data.items.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No earlier versions yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200">
            {revisions.data.items.map((revision) => (
              <li key={revision.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <span className="text-sm">
                  Version {revision.version}, <HumanTime value={revision.createdAt} /> by{' '}
                  {revision.createdBy ?? 'the installation'}
                </span>
                <button
                  type="button"
                  className={secondaryButton}
                  aria-label={`Compare version ${revision.version} with the published one`}
                  onClick={() => setChosen(revision)}
                >
                  Compare
                </button>
              </li>
            ))}
          </ul>
        )
      ) : (
        <p role="status" className="mt-2">
          {revisions.error ?? 'Loading...'}
        </p>
      )}
      {chosen && (
        <Comparison
          documentKey={documentKey}
          path={path}
          revision={chosen}
          published={published}
          onClose={() => setChosen(null)}
          onRestored={(answer) => {
            setChosen(null);
            onRestored(answer);
          }}
        />
      )}
    </section>
  );
}

function Comparison({
  documentKey,
  path,
  revision,
  published,
  onClose,
  onRestored,
}: {
  documentKey: string;
  path: string;
  revision: ContentRevision;
  published: unknown;
  onClose: () => void;
  onRestored: (answer: RestoreAnswer) => void;
}) {
  const entry = contentDocument(documentKey);
  const [asking, setAsking] = useState(false);
  const [target, setTarget] = useState<Target>('draft');
  const [busy, setBusy] = useState(false);
  const groupId = useId();
  const changed = changedFields(published, revision.data);
  const now = leaves(published);
  const then = leaves(revision.data);
  const label = (field: string) => (entry ? fieldLabel(entry.schema, revision.data, field) : field);

  async function restore() {
    setBusy(true);
    try {
      const answer = ContentRestoreAnswerSchema.parse(
        await mutate(`${path}/revisions/${encodeURIComponent(revision.id)}/restore`, {
          method: 'POST',
          body: { to: target },
          invalidates: [path, '/admin/content'],
        }),
      );
      toast.success(target === 'draft' ? 'The earlier version is in the draft' : EDITOR_MESSAGES.restored);
      onRestored(answer);
    } catch (error) {
      toast.error(errorMessage(error, EDITOR_MESSAGES.restoreFailed));
      setBusy(false);
    }
  }

  return (
    <Modal title={`Version ${revision.version} beside the published one`} onClose={onClose}>
      <p className="text-sm text-slate-700">
        Version {revision.version}, published <HumanTime value={revision.createdAt} /> by{' '}
        {revision.createdBy ?? 'the installation'}.{' '}
        {changed.length === 0
          ? 'It is the same as the published version.'
          : `${changed.length} field${changed.length === 1 ? '' : 's'} differ; the others are the same.`}
      </p>
      {changed.length > 0 && (
        <div
          className="mt-3 max-h-[50vh] overflow-auto rounded-md border border-slate-200"
          tabIndex={0}
          role="region"
          aria-label="Changed fields"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Fields that differ, the published version beside this one</caption>
            <thead className="bg-slate-100">
              <tr>
                <th scope="col" className="p-2">
                  Field
                </th>
                <th scope="col" className="p-2">
                  Published now
                </th>
                <th scope="col" className="p-2">
                  Version {revision.version}
                </th>
              </tr>
            </thead>
            <tbody>
              {changed.map((field) => (
                <tr key={field} className="border-t border-slate-200 align-top" data-testid="changed-field">
                  <th scope="row" className="p-2 font-medium">
                    {label(field)}
                  </th>
                  <td className="p-2">
                    <del className="whitespace-pre-wrap bg-red-50 text-red-900">{shownValue(now.get(field))}</del>
                  </td>
                  <td className="p-2">
                    <ins className="whitespace-pre-wrap bg-green-50 text-green-900 no-underline">
                      {shownValue(then.get(field))}
                    </ins>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!asking ? (
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Close
          </button>
          <button type="button" className={primaryButton} onClick={() => setAsking(true)}>
            Restore…
          </button>
        </div>
      ) : (
        <fieldset
          className="mt-4 space-y-2 rounded-md border border-slate-300 p-3"
          aria-describedby={`${groupId}-note`}
        >
          <legend className="px-1 font-semibold">Restore version {revision.version}?</legend>
          <p id={`${groupId}-note`} className="text-sm text-slate-700">
            Nothing is lost: the version published now stays in this list.
          </p>
          <label className="flex items-start gap-2">
            <input
              type="radio"
              name={`${groupId}-target`}
              checked={target === 'draft'}
              onChange={() => setTarget('draft')}
              className="mt-1"
            />
            <span>Put it in the draft, to look over and publish later</span>
          </label>
          <label className="flex items-start gap-2">
            <input
              type="radio"
              name={`${groupId}-target`}
              checked={target === 'published'}
              onChange={() => setTarget('published')}
              className="mt-1"
            />
            <span>Publish it now (your draft is kept)</span>
          </label>
          <div className="flex flex-wrap justify-end gap-3 pt-2">
            <button type="button" className={secondaryButton} onClick={() => setAsking(false)}>
              Cancel
            </button>
            <button type="button" className={primaryButton} disabled={busy} onClick={() => void restore()}>
              {target === 'draft' ? 'Restore into the draft' : 'Restore and publish'}
            </button>
          </div>
        </fieldset>
      )}
    </Modal>
  );
}
