// One content document in the admin (issues 23 and 31): its form built from its schema, the draft saved by
// itself AUTOSAVE_DELAY_MS after typing stops ("Draft saved at …"), every change kept in this browser until
// the server has it, who else has it open, a 409 showing what the colleague changed with a choice per field,
// the Publish box listing every problem (schema and publish checks, by label, each focusing its field; an
// admin may publish anyway), scheduling, the page previewed beside the form, the preview link, and the
// published versions compared and restored. The autosave is use-autosave.ts (the blog editor's too), who else is
// editing presence.tsx, the Publish box publish-box.tsx, the problems content-problems.ts.
import {
  type ContentCheck,
  ContentChecksFailedSchema,
  ContentDocumentAnswerSchema,
  ContentPreviewAnswerSchema,
  contentDocument,
  EDITOR_MESSAGES,
  fieldLabel,
  type Role,
} from '@agency/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { secondaryButton } from '~/components/admin/form-styles';
import { errorBox } from '~/components/admin/query-view';
import { toast } from '~/components/ui/toast';
import { ApiRequestError } from '~/lib/api';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { fromLocalInput } from '~/lib/local-time';
import { pickMedia } from '~/components/admin-media/media-picker';
import { type Conflict, ConflictMerge } from './conflict-merge';
import { formErrors, mergeChecks, schemaProblems } from './content-problems';
import { ContentRevisions } from './content-revisions';
import { useLeaveGuard } from './leave-guard';
import { dropBackup, keepBackup, readBackup } from './local-backup';
import { ContentPagePreview } from './content-page-preview';
import { findField, focusControl } from './find-field';
import { EditorsNotice, usePresence } from './presence';
import { PublishBox } from './publish-box';
import { type SaveState, SaveStatus } from './save-status';
import { focusField, SchemaForm } from './schema-form';
import { seoPlaceholders, withoutSeoDefaults, withSeoDefaults } from './seo-defaults';
import { useAutosave } from './use-autosave';

export const contentApiPath = (key: string) => `/admin/content/${encodeURIComponent(key)}`;
const backupKey = (key: string) => `content.${key}`;

export function ContentEditor({ documentKey, role }: { documentKey: string; role: Role }) {
  const entry = contentDocument(documentKey);
  const path = contentApiPath(documentKey);
  const query = useApiQuery(entry ? path : null, ContentDocumentAnswerSchema);
  const [data, setData] = useState<unknown>(undefined);
  const [restoredLocal, setRestoredLocal] = useState(false);
  const version = useRef(0);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checks, setChecks] = useState<ContentCheck[]>([]);
  const [hasDraft, setHasDraft] = useState(false);
  const [publishAt, setPublishAt] = useState('');
  const [refused, setRefused] = useState<ContentCheck[] | null>(null);
  const [preview, setPreview] = useState<{ url: string; expiresAt: string } | null>(null);
  const [published, setPublished] = useState<unknown>(undefined);
  // Who else has it open: a heartbeat while this editor is open, and gone from their list on leaving.
  const [editors, setEditors] = usePresence(entry ? path : null);
  const [showPreview, setShowPreview] = useState(false);
  /** What the server has of this editor's text: where a colleague's change is measured from. */
  const base = useRef<unknown>(undefined);
  const form = useRef<HTMLFormElement>(null);

  /** Re-reads the draft's checks and whether a draft waits (after a save, publish or restore). */
  const refresh = useCallback(async () => {
    const answer = ContentDocumentAnswerSchema.safeParse(await mutate(path, { method: 'GET' }).catch(() => null));
    if (!answer.success) return null;
    setChecks(answer.data.checks);
    setHasDraft(answer.data.draft !== null);
    setPublished(answer.data.published);
    setEditors(answer.data.editors);
    return answer.data;
  }, [path, setEditors]);

  /** Sends `sent` as the draft; true when the server has it. */
  const send = async (sent: unknown, latest: () => unknown): Promise<boolean> => {
    // Text its schema refuses is not sent: the fields are marked now, and it stays in this browser.
    const refusedHere = entry ? schemaProblems(entry, withoutSeoDefaults(documentKey, sent)) : [];
    if (refusedHere.length) {
      setErrors(Object.fromEntries(refusedHere.map((check) => [check.field, check.message])));
      setState({ kind: 'invalid' });
      return false;
    }
    setState({ kind: 'saving' });
    try {
      const answer = await mutate<{ version: number }>(`${path}/draft`, {
        method: 'PUT',
        body: { version: version.current, data: withoutSeoDefaults(documentKey, sent) },
        invalidates: ['/admin/content'],
      });
      version.current = answer.version;
      base.current = sent;
      if (latest() === sent) dropBackup(backupKey(documentKey));
      setErrors({});
      setState({ kind: 'saved', at: new Date() });
      void refresh();
      return true;
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        const message = error.body?.error ?? 'Someone else changed this document.';
        const current = await refresh();
        setState({
          kind: 'conflict',
          conflict: {
            message,
            base: base.current,
            mine: latest(),
            theirs: current ? withSeoDefaults(documentKey, current.draft ?? current.published) : base.current,
            version: current?.version ?? version.current,
          },
        });
      } else if (error instanceof ApiRequestError && error.status === 400) {
        setErrors(formErrors(error.body?.fields));
        setState({ kind: 'invalid' });
      } else {
        setState({ kind: 'failed' });
      }
      return false;
    }
  };
  // Saved by itself AUTOSAVE_DELAY_MS after typing stops; not while a colleague's change waits for a choice.
  const autosave = useAutosave(send, { paused: state.kind === 'conflict' });
  const save = autosave.flush;

  // The first answer fills the form: the browser's kept text when it differs from the server's draft. Empty
  // search and sharing texts show the page's current ones (seo-defaults.ts); they are left out again on save.
  useEffect(() => {
    const answer = query.data;
    if (!answer || data !== undefined) return;
    version.current = answer.version;
    const server = withSeoDefaults(documentKey, answer.draft ?? answer.published);
    base.current = server;
    const kept = readBackup<unknown>(backupKey(documentKey));
    setHasDraft(answer.draft !== null);
    setChecks(answer.checks);
    setPublished(answer.published);
    setEditors(answer.editors);
    if (kept && JSON.stringify(withSeoDefaults(documentKey, kept.value)) !== JSON.stringify(server)) {
      const value = withSeoDefaults(documentKey, kept.value);
      setData(value);
      // A restored local copy is saved like a fresh change.
      autosave.change(value);
      setRestoredLocal(true);
      setState({ kind: 'pending' });
    } else {
      if (kept) dropBackup(backupKey(documentKey));
      setData(server);
      autosave.settle(server);
    }
  }, [query.data, data, documentKey, setEditors, autosave]);

  function change(next: unknown) {
    setData(next);
    // A refused publish's list gives way to the live one as soon as the text changes.
    setRefused(null);
    keepBackup(backupKey(documentKey), next, version.current);
    autosave.change(next);
    if (state.kind !== 'conflict') setState({ kind: 'pending' });
  }

  const unsaved = state.kind !== 'idle' && state.kind !== 'saved';
  useLeaveGuard(unsaved, save);

  /** After a 409: the merged text (or theirs, or mine) is saved over the colleague's version. */
  async function resolveConflict(conflict: Conflict, merged: unknown) {
    version.current = conflict.version;
    base.current = conflict.theirs;
    setData(merged);
    setState({ kind: 'idle' });
    if (JSON.stringify(merged) === JSON.stringify(conflict.theirs)) {
      autosave.settle(merged);
      dropBackup(backupKey(documentKey));
      return;
    }
    keepBackup(backupKey(documentKey), merged, version.current);
    autosave.change(merged);
    await save();
  }

  /** Every problem of the text on screen: its schema's now, then the server's publish checks. */
  const problems = useMemo(
    () =>
      entry && data !== undefined
        ? mergeChecks(schemaProblems(entry, withoutSeoDefaults(documentKey, data)), checks)
        : checks,
    [entry, data, documentKey, checks],
  );

  /** The Publish box's problems named, and the first one's field focused. */
  function refuse(list: ContentCheck[]) {
    setRefused(list);
    if (list[0] && form.current) focusField(list[0].field, form.current);
  }

  async function publish(override = false) {
    const local = entry ? schemaProblems(entry, withoutSeoDefaults(documentKey, autosave.latest.current)) : [];
    if (local.length) return refuse(mergeChecks(local, checks));
    if (!(await save())) return;
    setRefused(null);
    try {
      const at = publishAt ? fromLocalInput(publishAt) : null;
      const answer = await mutate<{ version: number; status: string }>(`${path}/publish`, {
        method: 'POST',
        body: { version: version.current, ...(at ? { publishAt: at } : {}), ...(override ? { override } : {}) },
        invalidates: ['/admin/content'],
      });
      version.current = answer.version;
      toast.success(answer.status === 'scheduled' ? EDITOR_MESSAGES.scheduled : EDITOR_MESSAGES.published);
      setPublishAt('');
      await refresh();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 422) {
        const failed = ContentChecksFailedSchema.safeParse(error.body);
        refuse(failed.success ? failed.data.checks : []);
        return;
      }
      if (error instanceof ApiRequestError && error.status === 409 && error.body?.error) {
        toast.error(error.body.error);
        await refresh();
        return;
      }
      toast.error(errorMessage(error, EDITOR_MESSAGES.publishFailed));
    }
  }

  /** Saves the draft and opens its page in a new tab, in one click (the tab opens before the link is made). */
  async function openPreview() {
    const tab = window.open('', '_blank');
    if (!(await save())) return tab?.close();
    try {
      const answer = ContentPreviewAnswerSchema.parse(await mutate(`${path}/preview`, { method: 'POST' }));
      setPreview(answer);
      if (tab) tab.location.href = answer.url;
      else window.open(answer.url, '_blank');
    } catch (error) {
      tab?.close();
      toast.error(errorMessage(error, EDITOR_MESSAGES.previewFailed));
    }
  }

  async function makePreview() {
    if (!(await save())) return;
    try {
      const answer = ContentPreviewAnswerSchema.parse(await mutate(`${path}/preview`, { method: 'POST' }));
      setPreview(answer);
    } catch (error) {
      toast.error(errorMessage(error, EDITOR_MESSAGES.previewFailed));
    }
  }

  if (!entry) {
    return (
      <p role="alert" className={errorBox}>
        There is no content document “{documentKey}”. <Link to="/admin/content">Back to Content</Link>
      </p>
    );
  }
  if (data === undefined) {
    return query.error ? (
      <p role="alert" className={errorBox}>
        {query.error}
      </p>
    ) : (
      <p role="status">Loading...</p>
    );
  }

  return (
    <section aria-labelledby="content-editor-heading" className="space-y-6">
      <div>
        <p>
          <Link to="/admin/content" className="text-sm font-medium text-brand-700 underline">
            Back to Content
          </Link>
        </p>
        <h2 id="content-editor-heading" className="mt-2 text-2xl font-bold">
          {entry.title}
        </h2>
        <p className="text-sm text-slate-700">
          Shown on{' '}
          {entry.paths.map((page, i) => (
            <span key={page}>
              {i > 0 && ', '}
              <a href={page} target="_blank" rel="noopener" className="underline">
                {page}
              </a>
            </span>
          ))}
        </p>
      </div>

      <EditorsNotice editors={editors} />
      <SaveStatus state={state} />
      {restoredLocal && state.kind !== 'saved' && (
        <p role="status" className="rounded-md border border-blue-300 bg-blue-50 px-4 py-3 text-blue-950">
          {EDITOR_MESSAGES.restoredLocal}
        </p>
      )}
      {state.kind === 'conflict' && (
        <ConflictMerge
          label={(field, theirs) => fieldLabel(entry.schema, theirs, field)}
          conflict={state.conflict}
          onResolve={(merged) => void resolveConflict(state.conflict, merged)}
        />
      )}

      <button
        type="button"
        className={`${secondaryButton} lg:hidden`}
        aria-expanded={showPreview}
        aria-controls="content-page-preview"
        onClick={() => setShowPreview(!showPreview)}
      >
        {showPreview ? 'Back to the form' : 'Show the page preview'}
      </button>
      <div className="grid gap-6 lg:grid-cols-2">
        <form
          ref={form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          className={`min-w-0 space-y-6 ${showPreview ? 'hidden lg:block' : ''}`}
        >
          <SchemaForm
            schema={entry.schema}
            value={data}
            onChange={change}
            errors={errors}
            placeholders={seoPlaceholders(documentKey)}
            pickImage={() =>
              pickMedia().then((item) =>
                item ? { src: item.url, alt: item.alt, width: item.width ?? 1600, height: item.height ?? 900 } : null,
              )
            }
          />
          <button type="submit" className={secondaryButton}>
            Save draft now
          </button>
        </form>
        <aside
          id="content-page-preview"
          aria-label="Page preview"
          // Scrolls on its own beside the form on a wide screen: reachable by keyboard too.
          tabIndex={0}
          className={`min-w-0 lg:sticky lg:top-4 lg:block lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-auto ${showPreview ? '' : 'hidden'}`}
        >
          <ContentPagePreview
            entry={entry}
            value={data}
            onTextClick={(text) => {
              const control = form.current && findField(form.current, text);
              if (!control) return;
              setShowPreview(false);
              // The form shows again on a phone before its field is focused.
              requestAnimationFrame(() => focusControl(control));
            }}
          />
        </aside>
      </div>

      <PublishBox
        title={entry.title}
        role={role}
        checks={problems}
        refused={refused}
        hasDraft={hasDraft || unsaved}
        publishAt={publishAt}
        setPublishAt={setPublishAt}
        onPublish={(override) => void publish(override)}
        onOpenPreview={() => void openPreview()}
        onMakePreview={() => void makePreview()}
        preview={preview}
        onOpenField={(field) => {
          setShowPreview(false);
          requestAnimationFrame(() => {
            if (form.current) focusField(field, form.current);
          });
        }}
      />

      <ContentRevisions
        documentKey={documentKey}
        path={path}
        published={published}
        onRestored={(answer) => {
          version.current = answer.version;
          const shown = withSeoDefaults(documentKey, answer.draft ?? answer.published);
          base.current = shown;
          setData(shown);
          autosave.settle(shown);
          dropBackup(backupKey(documentKey));
          setPublished(answer.published);
          setState({ kind: 'idle' });
          void refresh();
        }}
      />
    </section>
  );
}
