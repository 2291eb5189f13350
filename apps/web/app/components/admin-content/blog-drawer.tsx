// The bottom drawer of Manage Blogs: create an empty post or edit one, prefilled (docs/product.md section 2).
// A failed save keeps it open with what was typed and the server's message next to the field
// (docs/product.md, the deliberate changes). Issue 23: what is typed is kept in this browser a moment after
// typing stops and saved on the server as the post's draft (PUT /api/blogs/{id}/draft, as content documents
// are); a new post's first autosave, once it has a title or some content, creates it as an unpublished draft
// (POST /api/blogs/draft), which its later autosaves and its Save then update (this browser remembers which post
// it is writing, so reopening "Create Blog" goes on with it). So Esc, a reload, a closed tab or another browser
// never loses a half-written post; a save over someone else's newer version is refused (409) and names them;
// closing with changes the server does not have yet asks first; a new post starts as a draft; the Markdown is
// shown rendered beside its source; slug, excerpt, search and social fields, images from the media library.
import {
  AUTOSAVE_DELAY_MS,
  type BlogDraftData,
  BLOG_EXCERPT_LENGTH,
  BLOG_SEO_DESCRIPTION_LENGTH,
  BLOG_SEO_TITLE_LENGTH,
  BLOG_TAGS_MAX,
  EDITOR_MESSAGES,
  TEXTAREA_ROWS,
  type Blog,
} from '@agency/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { confirmAction } from '~/components/admin/confirm-dialog';
import { labelClass, secondaryButton } from '~/components/admin/form-styles';
import { pickMedia } from '~/components/admin-media/media-picker';
import { ApiRequestError } from '~/lib/api';
import { mutate } from '~/lib/api-query';
import { fromLocalInput, toLocalInput } from '~/lib/local-time';
import { EditorDrawer, Field, type SaveFailure } from './editor-drawer';
import { dropBackup, keepBackup, readBackup } from './local-backup';
import { MarkdownPreview } from './markdown-preview';

export interface BlogFormValues {
  title: string;
  content: string;
  /** The Published switch: off is a draft. */
  published: boolean;
  /** When it goes public (ISO); a time ahead makes a published post scheduled; null is now. */
  publishedAt: string | null;
  /** Comma-separated, as typed. */
  tags: string;
  image: File | null;
  /** The post's current image (or one picked from the library), kept when no new file is picked. */
  imageUrl: string | null;
  imageAlt: string;
  /** Empty: taken from the title. */
  slug: string;
  /** Empty: the beginning of the content. */
  excerpt: string;
  seoTitle: string;
  seoDescription: string;
  socialImageUrl: string | null;
  socialImageAlt: string;
}

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

/** What the drawer keeps in the browser (a picked file cannot be kept; everything typed is). */
type Kept = Omit<BlogFormValues, 'image' | 'publishedAt'> & { publishAt: string };

/** Where a post's unsaved text is kept: per post, and one place for the new post being written. */
export const blogBackupKey = (blog: Blog | null) => `post.${blog?._id ?? 'new'}`;

function initialValues(blog: Blog | null): Kept {
  return {
    title: blog?.title ?? '',
    content: blog?.content ?? '',
    // A first save is a draft: publishing is a choice, never the default (issue 23, item 6).
    published: blog ? blog.status !== 'draft' : false,
    publishAt: toLocalInput(blog?.status === 'draft' ? null : (blog?.publishedAt ?? null)),
    tags: blog?.tags.join(', ') ?? '',
    imageUrl: blog?.imageUrl ?? null,
    imageAlt: blog?.imageAlt ?? '',
    // Empty follows the title (as before); an address typed here stays whatever the title becomes.
    slug: '',
    excerpt: blog?.excerptWritten ? blog.excerpt : '',
    seoTitle: blog?.seoTitle ?? '',
    seoDescription: blog?.seoDescription ?? '',
    socialImageUrl: blog?.socialImageUrl ?? null,
    socialImageAlt: blog?.socialImageAlt ?? '',
  };
}

const TIME = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium' });

/** The form as it opens: the post's server draft where it has one, else the post. */
function openingValues(blog: Blog | null, initial: Kept): Kept {
  const draft = blog?.draft?.data;
  if (!draft) return initial;
  const kept = Object.fromEntries(Object.entries(draft).filter(([name]) => name in initial)) as Partial<Kept>;
  return { ...initial, ...kept };
}

type ServerSave =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; at: Date }
  | { state: 'failed'; message: string; stale: boolean };

/** Something typed that makes a post worth keeping on the server: a title or some content. */
const worthKeeping = (values: Kept) => values.title.trim() !== '' || values.content.trim() !== '';

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
  const [contentPreview, setContentPreview] = useState(true);
  /** Changes the server does not have yet (closing or leaving asks first). */
  const dirty = JSON.stringify(values) !== JSON.stringify(onServer) || image !== null;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const set = <K extends keyof Kept>(key: K, value: Kept[K]) => setValues((old) => ({ ...old, [key]: value }));

  /**
   * PUT /api/blogs/{id}/draft with the version last seen (POST /api/blogs/draft for a new post's first); a 409 stops
   * autosaving and names who changed it; a new post deleted meanwhile is created again.
   */
  const inFlight = useRef<Promise<void> | null>(null);
  function saveOnServer(draft: Kept): Promise<void> {
    const saving = (inFlight.current ?? Promise.resolve())
      .then(() => putDraft(draft))
      .then(async (outcome) => {
        if (outcome === 'gone') await putDraft(draft);
      });
    inFlight.current = saving;
    return saving;
  }
  async function putDraft(draft: Kept): Promise<'gone' | void> {
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
      setServerSave({ state: 'saved', at: new Date(saved.draft?.savedAt ?? Date.now()) });
      // The server has it. A new post's browser copy stays, naming the post, until it is saved.
      if (blog) dropBackup(backupKey);
      else keep(draft);
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
      setServerSave({ state: 'failed', message, stale });
    }
  }

  // Kept in the browser AUTOSAVE_DELAY_MS after typing stops, and saved on the server as the post's draft
  // (not after a 409: the other editor's version is not overwritten unseen).
  const stale = serverSave.state === 'failed' && serverSave.stale;
  useEffect(() => {
    if (!dirty) return;
    timer.current = setTimeout(() => {
      keep(values);
      setKeptAt(new Date());
      if (!stale) void saveOnServer(values);
    }, AUTOSAVE_DELAY_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
    // saveOnServer reads the version through its ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values, dirty, backupKey, stale]);

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
    if (timer.current) clearTimeout(timer.current);
    await inFlight.current;
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

  const scheduled = values.published && values.publishAt !== '' && new Date(values.publishAt) > new Date();

  return (
    <EditorDrawer
      title={blog ? 'Edit Blog' : 'Create Blog'}
      submitLabel={blog ? 'Update Blog' : 'Create Blog'}
      onClose={() => void close()}
      save={save}
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
            <Field id={`${id}-blog-title`} label="Title" error={errorOf('title')}>
              {(props) => (
                <input
                  {...props}
                  data-autofocus
                  value={values.title}
                  onChange={(event) => set('title', event.target.value)}
                />
              )}
            </Field>
            <div className="grid gap-3 lg:grid-cols-2">
              <Field id={`${id}-content`} label="Content" hint="Markdown." error={errorOf('content')}>
                {(props) => (
                  <textarea
                    {...props}
                    rows={TEXTAREA_ROWS}
                    value={values.content}
                    onChange={(event) => set('content', event.target.value)}
                  />
                )}
              </Field>
              <div>
                <div className="flex items-center justify-between">
                  <span className={labelClass} aria-hidden="true">
                    Preview
                  </span>
                  <button
                    type="button"
                    className="rounded-md border border-slate-400 px-2 py-1 text-sm"
                    aria-pressed={contentPreview}
                    onClick={() => setContentPreview(!contentPreview)}
                  >
                    {contentPreview ? 'Hide preview' : 'Show preview'}
                  </button>
                </div>
                {contentPreview && <MarkdownPreview source={values.content} />}
              </div>
            </div>
            <Field
              id={`${id}-tags`}
              label="Tags"
              hint={`Up to ${BLOG_TAGS_MAX}, separated by commas.`}
              error={errorOf('tags')}
            >
              {(props) => (
                <input {...props} value={values.tags} onChange={(event) => set('tags', event.target.value)} />
              )}
            </Field>
            <div>
              <label htmlFor={`${id}-image`} className={labelClass}>
                Image
              </label>
              <input
                id={`${id}-image`}
                type="file"
                accept="image/*"
                aria-describedby={values.imageUrl ? `${id}-image-hint` : undefined}
                onChange={(event) => setImage(event.target.files?.[0] ?? null)}
                className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700"
              />
              <button type="button" className={`${secondaryButton} mt-2`} onClick={() => void pick('image')}>
                Choose the image from the media library
              </button>
              {values.imageUrl && (
                <p id={`${id}-image-hint`} className="mt-1 text-sm text-slate-600">
                  The current image stays unless you choose a new one.
                </p>
              )}
            </div>
            <Field
              id={`${id}-image-alt`}
              label="Image description"
              hint="What the image shows, for people who cannot see it. Needed with an image."
              error={errorOf('imageAlt')}
            >
              {(props) => (
                <input {...props} value={values.imageAlt} onChange={(event) => set('imageAlt', event.target.value)} />
              )}
            </Field>
            <fieldset className="rounded-md border border-slate-300 p-3">
              <legend className="px-1 font-medium text-slate-800">Address, excerpt, search and sharing</legend>
              <div className="space-y-5">
                <Field
                  id={`${id}-slug`}
                  label="Address (slug)"
                  hint={`The end of /blog/…: lowercase letters, digits and hyphens. Empty: made from the title${blog ? ` (now /blog/${blog.slug})` : ''}. Old addresses keep working.`}
                  error={errorOf('slug')}
                >
                  {(props) => (
                    <input
                      {...props}
                      placeholder={blog?.slug}
                      value={values.slug}
                      onChange={(event) => set('slug', event.target.value)}
                    />
                  )}
                </Field>
                <Field
                  id={`${id}-excerpt`}
                  label="Excerpt"
                  hint={`Shown on the blog's list, at most ${BLOG_EXCERPT_LENGTH} characters. Empty: the beginning of the content.`}
                  error={errorOf('excerpt')}
                >
                  {(props) => (
                    <textarea
                      {...props}
                      rows={2}
                      value={values.excerpt}
                      onChange={(event) => set('excerpt', event.target.value)}
                    />
                  )}
                </Field>
                <Field
                  id={`${id}-seo-title`}
                  label="Headline in search results"
                  hint={`What search engines show as the link, at most ${BLOG_SEO_TITLE_LENGTH} characters. Empty: the post's title.`}
                  error={errorOf('seoTitle')}
                >
                  {(props) => (
                    <input
                      {...props}
                      value={values.seoTitle}
                      onChange={(event) => set('seoTitle', event.target.value)}
                    />
                  )}
                </Field>
                <Field
                  id={`${id}-seo-description`}
                  label="Summary in search results"
                  hint={`At most ${BLOG_SEO_DESCRIPTION_LENGTH} characters. Empty: the excerpt.`}
                  error={errorOf('seoDescription')}
                >
                  {(props) => (
                    <textarea
                      {...props}
                      rows={2}
                      value={values.seoDescription}
                      onChange={(event) => set('seoDescription', event.target.value)}
                    />
                  )}
                </Field>
                <div>
                  <p className={labelClass}>Social image</p>
                  <p className="text-sm text-slate-700">
                    {values.socialImageUrl ? (
                      <>
                        <img src={values.socialImageUrl} alt="" className="my-1 h-16 w-auto rounded" /> Chosen.
                      </>
                    ) : (
                      'None: links to the post share its image.'
                    )}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <button type="button" className={secondaryButton} onClick={() => void pick('social')}>
                      Choose the social image from the media library
                    </button>
                    {values.socialImageUrl && (
                      <button
                        type="button"
                        className={secondaryButton}
                        onClick={() => setValues((old) => ({ ...old, socialImageUrl: null, socialImageAlt: '' }))}
                      >
                        Remove the social image
                      </button>
                    )}
                  </div>
                  {errorOf('socialImageUrl') && (
                    <p className="mt-1 text-sm font-medium text-red-800">{errorOf('socialImageUrl')}</p>
                  )}
                </div>
                {values.socialImageUrl && (
                  <Field id={`${id}-social-alt`} label="Social image description" error={errorOf('socialImageAlt')}>
                    {(props) => (
                      <input
                        {...props}
                        value={values.socialImageAlt}
                        onChange={(event) => set('socialImageAlt', event.target.value)}
                      />
                    )}
                  </Field>
                )}
              </div>
            </fieldset>
            <div className="flex items-center gap-3">
              <input
                id={`${id}-status`}
                type="checkbox"
                role="switch"
                checked={values.published}
                onChange={(event) => set('published', event.target.checked)}
                className="h-5 w-9 cursor-pointer accent-brand-600"
              />
              <label htmlFor={`${id}-status`} className={labelClass}>
                Published
              </label>
              <span className="text-sm text-slate-600">
                ({!values.published ? 'draft, not public' : scheduled ? 'scheduled' : 'visible on the blog'})
              </span>
            </div>
            {values.published && (
              <Field
                id={`${id}-publish-at`}
                label="Publish at"
                hint="Leave empty to publish now; a later time schedules the post."
                error={errorOf('publishedAt')}
              >
                {(props) => (
                  <input
                    {...props}
                    type="datetime-local"
                    value={values.publishAt}
                    onChange={(event) => set('publishAt', event.target.value)}
                  />
                )}
              </Field>
            )}
          </>
        );
      }}
    </EditorDrawer>
  );
}
