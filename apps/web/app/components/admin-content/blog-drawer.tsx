// The bottom drawer of Manage Blogs: create an empty post or edit one, prefilled (docs/product.md section 2).
// A failed save keeps it open with what was typed and the server's message next to the field
// (docs/product.md, the deliberate changes). Issue 23: what is typed is kept in this browser a moment after
// typing stops and saved on the server as the post's draft (PUT /api/blogs/{id}/draft, as content documents
// are); a new post's first autosave, once it has a title or some content, creates it as an unpublished draft
// (POST /api/blogs/draft), which its later autosaves and its Save then update (this browser remembers which post
// it is writing, so reopening "Create Blog" goes on with it). So Esc, a reload, a closed tab or another browser
// never loses a half-written post; closing with changes the server does not have yet asks first; a new post starts
// as a draft. Issue 31: who else has the post open, and since when (PUT /api/blogs/{id}/presence); a save over a
// colleague's newer version is refused (409), names them and shows what they changed, field by field, to keep
// mine, take theirs or merge. The fields are blog-fields.tsx; the autosave is use-autosave.ts, as the content
// editor's.
import { type BlogDraftData, BlogSchema, EDITOR_MESSAGES, type Blog } from '@agency/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { confirmAction } from '~/components/admin/confirm-dialog';
import { pickMedia } from '~/components/admin-media/media-picker';
import { ApiRequestError } from '~/lib/api';
import { mutate } from '~/lib/api-query';
import { fromLocalInput } from '~/lib/local-time';
import { BlogFields } from './blog-fields';
import {
  BLOG_FIELD_LABELS,
  blogBackupKey,
  type BlogFormValues,
  initialValues,
  type Kept,
  openingValues,
  worthKeeping,
} from './blog-values';
import { type Conflict, ConflictMerge } from './conflict-merge';
import { EditorDrawer, type SaveFailure } from './editor-drawer';
import { dropBackup, keepBackup, readBackup } from './local-backup';
import { PostPagePreview } from './post-page-preview';
import { EditorsNotice, usePresence } from './presence';
import { useAutosave } from './use-autosave';

interface BlogDrawerProps {
  /** The post being edited; null for a new one. */
  blog: Blog | null;
  /**
   * A new post only: the post its first autosave created earlier in this browser (never saved yet), which the
   * drawer goes on writing; null starts afresh.
   */
  resumed?: Blog | null;
  onClose: () => void;
  /**
   * Resolves to null when saved (the manager closes the drawer), else to what went wrong. `version`: the post's
   * version the drawer last saw (its own draft saves included), sent so a stale update is refused. `postId`: a new
   * post's id once its first autosave created it (the save updates that post), else null.
   */
  onSubmit: (values: BlogFormValues, version: number | null, postId: string | null) => Promise<SaveFailure | null>;
}

/** The fields the server may blame, mapped to what the drawer shows them on. */
const FIELD_OF: Record<string, string> = { imageUrl: 'image', status: 'published' };

const TIME = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium' });

type ServerSave =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; at: Date }
  | { state: 'failed'; message: string; stale: boolean; conflict?: Conflict };

export function BlogDrawer({ blog, resumed = null, onClose, onSubmit }: BlogDrawerProps) {
  const id = useId();
  const backupKey = blogBackupKey(blog);
  // The post on the server: the one edited, or the one a new post's first autosave created.
  const stored = blog ?? resumed;
  const [initial] = useState(() => initialValues(stored));
  // What the server has: the post's autosaved draft (from any browser), else the post itself.
  const [onServer, setOnServer] = useState<Kept>(() => openingValues(stored, initial));
  const version = useRef<number | null>(stored?.version ?? null);
  /** A new post's id once its first autosave created it. */
  const created = useRef<string | null>(blog ? null : (resumed?._id ?? null));
  const [serverSave, setServerSave] = useState<ServerSave>(() =>
    stored?.draft ? { state: 'saved', at: new Date(stored.draft.savedAt) } : { state: 'idle' },
  );
  // Who else has the post open (a new post: nobody, until its first autosave stores it).
  const [editors] = usePresence(stored ? `/blogs/${encodeURIComponent(stored._id)}` : null);
  /** What the server has of this editor's text: where a colleague's change is measured from. */
  const base = useRef<Kept>(onServer);
  /** Keeps the form in this browser (a new post's with the post its autosave created, if it did). */
  const keep = (kept: Kept) => keepBackup(backupKey, kept, null, blog ? undefined : (created.current ?? undefined));
  // Text kept in this browser from an earlier visit (Esc, a reload) that the server does not have comes back.
  const [restored] = useState(() => {
    const kept = readBackup<Kept>(backupKey);
    return kept && JSON.stringify(kept.value) !== JSON.stringify(onServer) ? kept : null;
  });
  const [values, setValues] = useState<Kept>(restored?.value ?? onServer);
  const [image, setImage] = useState<File | null>(null);
  const [keptAt, setKeptAt] = useState<Date | null>(restored ? new Date(restored.at) : null);
  /** Changes the server does not have yet (closing or leaving asks first). */
  const dirty = JSON.stringify(values) !== JSON.stringify(onServer) || image !== null;

  /**
   * PUT /api/blogs/{id}/draft with the version last seen (POST /api/blogs/draft for a new post's first); a 409 stops
   * autosaving and names who changed it; a new post deleted meanwhile is created again.
   */
  async function putDraft(draft: Kept): Promise<'saved' | 'gone' | void> {
    const postId = blog?._id ?? created.current;
    // A new post is kept on the server once it has a title or some content: an empty one never is.
    if (postId ? version.current === null : !worthKeeping(draft)) return;
    setServerSave({ state: 'saving' });
    try {
      const saved = postId
        ? await mutate<Blog>(`/blogs/${encodeURIComponent(postId)}/draft`, {
            method: 'PUT',
            body: { version: version.current, data: draft satisfies BlogDraftData },
            invalidates: ['/blogs'],
          })
        : await mutate<Blog>('/blogs/draft', {
            method: 'POST',
            body: { data: draft satisfies BlogDraftData },
            invalidates: ['/blogs'],
          });
      if (!postId) created.current = saved._id;
      version.current = saved.version ?? (version.current ?? 0) + 1;
      setOnServer(draft);
      base.current = draft;
      setServerSave({ state: 'saved', at: saved.draft ? new Date(saved.draft.savedAt) : new Date() });
      // The server has it. A new post's browser copy stays, naming the post, until it is saved.
      if (blog) dropBackup(backupKey);
      else keep(draft);
      return 'saved';
    } catch (error) {
      // A new post its autosave created, deleted since by someone else: created again from what is typed.
      if (!blog && postId && error instanceof ApiRequestError && error.status === 404) {
        created.current = null;
        version.current = null;
        return 'gone';
      }
      const stale = error instanceof ApiRequestError && error.status === 409;
      const message =
        error instanceof ApiRequestError && (stale || error.status === 400) && error.body?.error
          ? error.body.error
          : EDITOR_MESSAGES.saveFailed;
      setServerSave({
        state: 'failed',
        message,
        stale,
        conflict: stale && error instanceof ApiRequestError ? conflictOf(message, error) : undefined,
      });
    }
  }

  /** A 409 that brought the post as the colleague left it: theirs and mine, field by field. */
  function conflictOf(message: string, error: ApiRequestError): Conflict | undefined {
    const post = BlogSchema.safeParse((error.body as { post?: unknown } | null)?.post);
    if (!post.success) return undefined;
    const theirs = openingValues(post.data, initialValues(post.data));
    return {
      message,
      base: base.current,
      mine: autosave.latest.current ?? values,
      theirs,
      version: post.data.version ?? 0,
    };
  }

  /** After a 409: the merged text (or theirs, or mine) is what the form holds, saved over the colleague's version. */
  function resolveConflict(conflict: Conflict, merged: unknown) {
    version.current = conflict.version;
    base.current = conflict.theirs as Kept;
    setOnServer(conflict.theirs as Kept);
    setValues(merged as Kept);
    setServerSave({ state: 'idle' });
  }

  // Kept in the browser AUTOSAVE_DELAY_MS after typing stops, and saved on the server as the post's draft
  // (not after a 409: the other editor's version is not overwritten unseen).
  const stale = serverSave.state === 'failed' && serverSave.stale;
  const autosave = useAutosave(async (draft: Kept) => {
    keep(draft);
    setKeptAt(new Date());
    if (stale) return false;
    const outcome = await putDraft(draft);
    return (outcome === 'gone' ? await putDraft(draft) : outcome) === 'saved';
  });
  useEffect(() => {
    if (dirty) autosave.change(values);
    else autosave.cancel();
  }, [values, dirty, stale, autosave]);

  // A reload or a closed tab asks first while something typed is not kept yet or not saved.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // Keep the very latest text, whatever the answer.
      keep(values);
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
    // keep reads the new post's id through its ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dirty, values, backupKey]);

  /** Esc, the close button or the backdrop: the text is kept, and closing with changes asks first. */
  async function close() {
    if (dirty) {
      keep(values);
      setKeptAt(new Date());
      const leave = await confirmAction(
        'Close the editor? Your changes are not saved on the site yet; they stay in this browser and come back when you open this post again.',
        'Close',
      );
      if (!leave) return;
    }
    onClose();
  }

  const save = async () => {
    keep(values);
    // A draft save under way finishes first, so the update is made over the version it leaves (not refused
    // as stale by this editor's own autosave).
    autosave.cancel();
    await autosave.idle();
    const failure = await onSubmit(
      {
        ...values,
        publishedAt: values.published ? fromLocalInput(values.publishAt) : null,
        image,
      },
      version.current,
      blog ? null : created.current,
    );
    // Saved on the site: nothing to keep in the browser any more.
    if (!failure) dropBackup(backupKey);
    return failure;
  };

  const pick = async (target: 'image' | 'social') => {
    const item = await pickMedia(target === 'image' ? 'Choose the post’s image' : 'Choose the social image');
    if (!item) return;
    if (target === 'image') {
      setImage(null);
      setValues((old) => ({ ...old, imageUrl: item.url, imageAlt: item.alt }));
    } else setValues((old) => ({ ...old, socialImageUrl: item.url, socialImageAlt: item.alt }));
  };

  return (
    <EditorDrawer
      title={blog ? 'Edit Blog' : 'Create Blog'}
      submitLabel={blog ? 'Update Blog' : 'Create Blog'}
      onClose={() => void close()}
      save={save}
      preview={(onTextClick) => <PostPagePreview blog={stored} values={values} onTextClick={onTextClick} />}
    >
      {(failure) => {
        const errorOf = (field: string) =>
          Object.entries(failure?.fields ?? {}).find(([name]) => (FIELD_OF[name] ?? name) === field)?.[1];
        return (
          <>
            <p role="status" className="min-h-5 text-sm text-slate-700" data-testid="post-kept-status">
              {serverSave.state === 'failed'
                ? serverSave.message
                : restored && keptAt?.getTime() === new Date(restored.at).getTime()
                  ? EDITOR_MESSAGES.restoredLocal
                  : serverSave.state === 'saving'
                    ? EDITOR_MESSAGES.saving
                    : serverSave.state === 'saved' && !dirty
                      ? EDITOR_MESSAGES.savedAt(TIME.format(serverSave.at))
                      : keptAt
                        ? EDITOR_MESSAGES.keptLocally(TIME.format(keptAt))
                        : ''}
            </p>
            <EditorsNotice editors={editors} />
            {serverSave.state === 'failed' && serverSave.conflict && (
              <ConflictMerge
                label={(field) => BLOG_FIELD_LABELS[field as keyof Kept] ?? field}
                conflict={serverSave.conflict}
                onResolve={(merged) => {
                  if (serverSave.state === 'failed' && serverSave.conflict)
                    resolveConflict(serverSave.conflict, merged);
                }}
              />
            )}
            <BlogFields
              id={id}
              blog={blog}
              values={values}
              setValues={setValues}
              setImage={setImage}
              pick={pick}
              errorOf={errorOf}
            />
          </>
        );
      }}
    </EditorDrawer>
  );
}
