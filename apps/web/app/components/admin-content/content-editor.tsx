// One content document in the admin (issue 23, item 7): its form built from its schema, the draft saved by
// itself AUTOSAVE_DELAY_MS after typing stops ("Draft saved at …"), every change kept in this browser until
// the server has it, a 409 naming who changed it, the publish checks next to Publish (an admin may publish
// anyway), scheduling, the preview link and the published versions to restore.
import {
  AUTOSAVE_DELAY_MS,
  type ContentCheck,
  ContentChecksFailedSchema,
  ContentDocumentAnswerSchema,
  ContentPreviewAnswerSchema,
  ContentRevisionListSchema,
  contentDocument,
  EDITOR_MESSAGES,
  type Role,
} from '@agency/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/admin/form-styles';
import { errorBox } from '~/components/admin/query-view';
import { toast } from '~/components/ui/toast';
import { ApiRequestError } from '~/lib/api';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { fromLocalInput } from '~/lib/local-time';
import { pickMedia } from '~/components/admin-media/media-picker';
import { useLeaveGuard } from './leave-guard';
import { dropBackup, keepBackup, readBackup } from './local-backup';
import { SchemaForm } from './schema-form';
import { seoPlaceholders, withoutSeoDefaults, withSeoDefaults } from './seo-defaults';

const TIME = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const contentApiPath = (key: string) => `/admin/content/${encodeURIComponent(key)}`;
const backupKey = (key: string) => `content.${key}`;

type SaveState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'invalid' }
  | { kind: 'failed' }
  | { kind: 'conflict'; message: string };

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
    const kept = readBackup<unknown>(backupKey(documentKey));
    setHasDraft(answer.draft !== null);
    setChecks(answer.checks);
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
    return answer.data;
  }, [path]);

  /** Sends the latest text as the draft; true when the server has it. */
  const save = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!dirty.current) return true;
    if (saving.current) await saving.current;
    if (!dirty.current) return true;
    const sent = latest.current;
    setState({ kind: 'saving' });
    const work = (async () => {
      try {
        const answer = await mutate<{ version: number }>(`${path}/draft`, {
          method: 'PUT',
          body: { version: version.current, data: withoutSeoDefaults(documentKey, sent) },
          invalidates: ['/admin/content'],
        });
        version.current = answer.version;
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
          setState({ kind: 'conflict', message: error.body?.error ?? 'Someone else changed this document.' });
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
  }, [path, documentKey, refresh]);

  function change(next: unknown) {
    setData(next);
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

  /** After a 409: take the other editor's version (yours stays in this browser until you leave). */
  async function loadTheirs() {
    const answer = await refresh();
    if (!answer) return;
    version.current = answer.version;
    const server = withSeoDefaults(documentKey, answer.draft ?? answer.published);
    setData(server);
    latest.current = server;
    dirty.current = false;
    dropBackup(backupKey(documentKey));
    setState({ kind: 'idle' });
  }

  /** After a 409, having read who changed it: save this text over theirs. */
  async function keepMine() {
    const answer = await refresh();
    if (!answer) return;
    version.current = answer.version;
    dirty.current = true;
    await save();
  }

  async function publish(override = false) {
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
        setRefused(failed.success ? failed.data.checks : []);
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

  const shownChecks = refused ?? checks;
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

      <SaveStatus state={state} />
      {restoredLocal && state.kind !== 'saved' && (
        <p role="status" className="rounded-md border border-blue-300 bg-blue-50 px-4 py-3 text-blue-950">
          {EDITOR_MESSAGES.restoredLocal}
        </p>
      )}
      {state.kind === 'conflict' && (
        <div role="alert" className="space-y-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          <p>{state.message}</p>
          <div className="flex flex-wrap gap-3">
            <button type="button" className={secondaryButton} onClick={() => void loadTheirs()}>
              Load their version (drops my changes)
            </button>
            <button type="button" className={secondaryButton} onClick={() => void keepMine()}>
              Save my version over theirs
            </button>
          </div>
        </div>
      )}

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        className="space-y-6"
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

      <section aria-labelledby="publish-heading" className="space-y-4 rounded-md border border-slate-300 p-4">
        <h3 id="publish-heading" className="text-lg font-semibold">
          Publish
        </h3>
        <PublishChecks checks={shownChecks} refused={refused !== null} hasDraft={hasDraft || unsaved} />
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
              (works without signing in until {DATE_TIME.format(new Date(preview.expiresAt))})
            </span>
          </p>
        )}
      </section>

      <Revisions
        path={path}
        onRestored={async () => {
          const answer = await refresh();
          if (answer) version.current = answer.version;
        }}
      />
    </section>
  );
}

function SaveStatus({ state }: { state: SaveState }) {
  const text =
    state.kind === 'saving'
      ? EDITOR_MESSAGES.saving
      : state.kind === 'saved'
        ? EDITOR_MESSAGES.savedAt(TIME.format(state.at))
        : state.kind === 'pending'
          ? EDITOR_MESSAGES.keptLocally(TIME.format(new Date()))
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

function PublishChecks({ checks, refused, hasDraft }: { checks: ContentCheck[]; refused: boolean; hasDraft: boolean }) {
  if (!hasDraft) return <p className="text-sm text-slate-700">{EDITOR_MESSAGES.noDraft}</p>;
  if (checks.length === 0) return <p className="text-sm text-green-800">{EDITOR_MESSAGES.checksPass}</p>;
  return (
    <div role={refused ? 'alert' : undefined} className={errorBox}>
      <p className="font-medium">
        {refused ? 'Not published: the draft fails these checks' : 'The draft fails these publish checks'}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {checks.map((check) => (
          <li key={`${check.field}:${check.message}`}>
            <code>{check.field}</code>: {check.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Revisions({ path, onRestored }: { path: string; onRestored: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const revisions = useApiQuery(open ? `${path}/revisions` : null, ContentRevisionListSchema);
  async function restore(id: string) {
    try {
      await mutate(`${path}/revisions/${encodeURIComponent(id)}/restore`, {
        method: 'POST',
        invalidates: [path, '/admin/content'],
      });
      toast.success(EDITOR_MESSAGES.restored);
      await onRestored();
    } catch (error) {
      toast.error(errorMessage(error, EDITOR_MESSAGES.restoreFailed));
    }
  }
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
                  Version {revision.version}, {DATE_TIME.format(new Date(revision.createdAt))} by{' '}
                  {revision.createdBy ?? 'the installation'}
                </span>
                <button
                  type="button"
                  className={secondaryButton}
                  aria-label={`Restore version ${revision.version}`}
                  onClick={() => void restore(revision.id)}
                >
                  Restore
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
    </section>
  );
}
