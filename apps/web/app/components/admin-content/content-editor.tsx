// One content document in the admin (issues 23 and 31): its form built from its schema, the draft saved by
// itself AUTOSAVE_DELAY_MS after typing stops ("Draft saved at …"), every change kept in this browser until
// the server has it, who else has it open, a 409 showing what the colleague changed with a choice per field,
// the Publish box listing every problem (schema and publish checks, by label, each focusing its field; an
// admin may publish anyway), scheduling, the page previewed beside the form, the preview link, and the
// published versions compared and restored.
import {
  AUTOSAVE_DELAY_MS,
  CONTENT_PRESENCE_HEARTBEAT_SECONDS,
  type ContentCheck,
  ContentChecksFailedSchema,
  ContentDocumentAnswerSchema,
  type ContentDocumentEntry,
  type ContentEditorPresence,
  ContentPresenceAnswerSchema,
  ContentPreviewAnswerSchema,
  contentDocument,
  EDITOR_MESSAGES,
  fieldLabel,
  type Role,
} from '@agency/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/admin/form-styles';
import { errorBox } from '~/components/admin/query-view';
import { toast } from '~/components/ui/toast';
import { ApiRequestError } from '~/lib/api';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { clockTime, exactTime, humanTime } from '~/lib/human-time';
import { fromLocalInput } from '~/lib/local-time';
import { pickMedia } from '~/components/admin-media/media-picker';
import { type Conflict, ConflictMerge } from './conflict-merge';
import { ContentRevisions } from './content-revisions';
import { useLeaveGuard } from './leave-guard';
import { dropBackup, keepBackup, readBackup } from './local-backup';
import { PagePreview } from './page-preview';
import { focusField, SchemaForm } from './schema-form';
import { seoPlaceholders, withoutSeoDefaults, withSeoDefaults } from './seo-defaults';

export const contentApiPath = (key: string) => `/admin/content/${encodeURIComponent(key)}`;
const backupKey = (key: string) => `content.${key}`;

type SaveState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'invalid' }
  | { kind: 'failed' }
  | { kind: 'conflict'; conflict: Conflict };

/** What the document's schema refuses in `data` now, each named by its field's label (before any save). */
function schemaProblems(entry: ContentDocumentEntry, data: unknown): ContentCheck[] {
  const result = entry.schema.safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const field = issue.path.join('.');
    return { field, label: fieldLabel(entry.schema, data, field), message: issue.message };
  });
}

/** One list of problems: `first`, then each of `more` not already in it. */
function mergeChecks(first: ContentCheck[], more: ContentCheck[]): ContentCheck[] {
  const seen = new Set(first.map((check) => `${check.field}\n${check.message}`));
  return [...first, ...more.filter((check) => !seen.has(`${check.field}\n${check.message}`))];
}

/** The server's field names (`data.plans.2.price`) as the form's paths (`plans.2.price`). */
const formErrors = (fields: Record<string, string> | undefined) =>
  Object.fromEntries(Object.entries(fields ?? {}).map(([field, message]) => [field.replace(/^data\.?/, ''), message]));

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
  const [editors, setEditors] = useState<ContentEditorPresence[]>([]);
  const [showPreview, setShowPreview] = useState(false);
  /** What the server has of this editor's text: where a colleague's change is measured from. */
  const base = useRef<unknown>(undefined);
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<unknown>(undefined);
  const dirty = useRef(false);
  const saving = useRef<Promise<boolean> | null>(null);

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
      latest.current = value;
      dirty.current = true;
      setRestoredLocal(true);
      setState({ kind: 'pending' });
    } else {
      if (kept) dropBackup(backupKey(documentKey));
      setData(server);
      latest.current = server;
    }
  }, [query.data, data, documentKey]);

  /** Re-reads the draft's checks and whether a draft waits (after a save, publish or restore). */
  const refresh = useCallback(async () => {
    const answer = ContentDocumentAnswerSchema.safeParse(await mutate(path, { method: 'GET' }).catch(() => null));
    if (!answer.success) return null;
    setChecks(answer.data.checks);
    setHasDraft(answer.data.draft !== null);
    setPublished(answer.data.published);
    setEditors(answer.data.editors);
    return answer.data;
  }, [path]);

  // Who else has it open: a heartbeat while this editor is open, and gone from their list on leaving.
  useEffect(() => {
    if (!entry) return;
    const beat = () =>
      mutate(`${path}/presence`, { method: 'PUT' })
        .then((answer) => {
          const parsed = ContentPresenceAnswerSchema.safeParse(answer);
          if (parsed.success) setEditors(parsed.data.editors);
        })
        .catch(() => undefined);
    const id = setInterval(beat, CONTENT_PRESENCE_HEARTBEAT_SECONDS * 1000);
    return () => {
      clearInterval(id);
      void mutate(`${path}/presence`, { method: 'DELETE' }).catch(() => undefined);
    };
  }, [entry, path]);

  /** Sends the latest text as the draft; true when the server has it. */
  const save = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!dirty.current) return true;
    if (saving.current) await saving.current;
    if (!dirty.current) return true;
    const sent = latest.current;
    // Text its schema refuses is not sent: the fields are marked now, and it stays in this browser.
    const refusedHere = entry ? schemaProblems(entry, withoutSeoDefaults(documentKey, sent)) : [];
    if (refusedHere.length) {
      setErrors(Object.fromEntries(refusedHere.map((check) => [check.field, check.message])));
      setState({ kind: 'invalid' });
      return false;
    }
    setState({ kind: 'saving' });
    const work = (async () => {
      try {
        const answer = await mutate<{ version: number }>(`${path}/draft`, {
          method: 'PUT',
          body: { version: version.current, data: withoutSeoDefaults(documentKey, sent) },
          invalidates: ['/admin/content'],
        });
        version.current = answer.version;
        base.current = sent;
        if (latest.current === sent) {
          dirty.current = false;
          dropBackup(backupKey(documentKey));
        }
        setErrors({});
        setState({ kind: 'saved', at: new Date() });
        void refresh();
        return !dirty.current;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 409) {
          const message = error.body?.error ?? 'Someone else changed this document.';
          const current = await refresh();
          setState({
            kind: 'conflict',
            conflict: {
              message,
              base: base.current,
              mine: latest.current,
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
    })();
    saving.current = work;
    const result = await work;
    saving.current = null;
    return result;
  }, [path, documentKey, refresh, entry]);

  function change(next: unknown) {
    setData(next);
    // A refused publish's list gives way to the live one as soon as the text changes.
    setRefused(null);
    latest.current = next;
    dirty.current = true;
    keepBackup(backupKey(documentKey), next, version.current);
    if (state.kind === 'conflict') return;
    setState({ kind: 'pending' });
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
  }

  // A restored local copy is saved like a fresh change.
  useEffect(() => {
    if (!restoredLocal) return;
    const id = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(id);
  }, [restoredLocal, save]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const unsaved = state.kind !== 'idle' && state.kind !== 'saved';
  useLeaveGuard(unsaved, save);

  /** After a 409: the merged text (or theirs, or mine) is saved over the colleague's version. */
  async function resolveConflict(conflict: Conflict, merged: unknown) {
    version.current = conflict.version;
    base.current = conflict.theirs;
    setData(merged);
    latest.current = merged;
    setState({ kind: 'idle' });
    if (JSON.stringify(merged) === JSON.stringify(conflict.theirs)) {
      dirty.current = false;
      dropBackup(backupKey(documentKey));
      return;
    }
    dirty.current = true;
    keepBackup(backupKey(documentKey), merged, version.current);
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
    const local = entry ? schemaProblems(entry, withoutSeoDefaults(documentKey, latest.current)) : [];
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

  const shownChecks = refused ?? problems;
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
          documentKey={documentKey}
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
          <PagePreview
            title={entry.title}
            schema={entry.schema}
            value={data}
            onFocusField={(field) => {
              setShowPreview(false);
              // The form shows again on a phone before its field is focused.
              requestAnimationFrame(() => {
                if (form.current) focusField(field, form.current);
              });
            }}
          />
        </aside>
      </div>

      <section aria-labelledby="publish-heading" className="space-y-4 rounded-md border border-slate-300 p-4">
        <h3 id="publish-heading" className="text-lg font-semibold">
          Publish
        </h3>
        <PublishChecks
          checks={shownChecks}
          refused={refused !== null}
          hasDraft={hasDraft || unsaved}
          onOpen={(field) => {
            setShowPreview(false);
            requestAnimationFrame(() => {
              if (form.current) focusField(field, form.current);
            });
          }}
        />
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
          <button
            type="button"
            className={primaryButton}
            disabled={!hasDraft && !unsaved}
            onClick={() => void publish()}
          >
            {publishAt ? 'Schedule' : 'Publish'}
          </button>
          {role === 'admin' && refused && refused.length > 0 && (
            <button type="button" className={secondaryButton} onClick={() => void publish(true)}>
              Publish anyway (recorded in the audit log)
            </button>
          )}
          <button type="button" className={secondaryButton} onClick={() => void openPreview()}>
            Open the draft’s page
          </button>
          <button type="button" className={secondaryButton} onClick={() => void makePreview()}>
            Preview link
          </button>
        </div>
        {preview && (
          <p className="text-sm">
            <a href={preview.url} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
              Preview of “{entry.title}” as the draft will look
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

      <ContentRevisions
        documentKey={documentKey}
        path={path}
        published={published}
        onRestored={(answer) => {
          version.current = answer.version;
          const shown = withSeoDefaults(documentKey, answer.draft ?? answer.published);
          base.current = shown;
          setData(shown);
          latest.current = shown;
          dirty.current = false;
          dropBackup(backupKey(documentKey));
          setPublished(answer.published);
          setState({ kind: 'idle' });
          void refresh();
        }}
      />
    </section>
  );
}

/** "Anna is editing since 10:02": who else has this document open, kept fresh by the heartbeat. */
function EditorsNotice({ editors }: { editors: ContentEditorPresence[] }) {
  return (
    <div role="status" aria-live="polite" data-testid="other-editors">
      {editors.length > 0 && (
        <ul className="space-y-1 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          {editors.map((editor) => (
            <li key={`${editor.name}${editor.since}`}>
              <strong>{editor.name}</strong> is editing since{' '}
              <time dateTime={editor.since} title={exactTime(editor.since)}>
                {clockTime(new Date(editor.since))}
              </time>
              . Your changes and theirs are both kept: if you both change a field, you choose which text stays.
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SaveStatus({ state }: { state: SaveState }) {
  const text =
    state.kind === 'saving'
      ? EDITOR_MESSAGES.saving
      : state.kind === 'saved'
        ? EDITOR_MESSAGES.savedAt(clockTime(state.at))
        : state.kind === 'pending'
          ? EDITOR_MESSAGES.keptLocally(clockTime(new Date()))
          : state.kind === 'invalid'
            ? EDITOR_MESSAGES.notSavedInvalid
            : state.kind === 'failed'
              ? EDITOR_MESSAGES.saveFailed
              : '';
  return (
    <p role="status" className="min-h-6 text-sm font-medium text-slate-800" data-testid="save-status">
      {text}
    </p>
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
