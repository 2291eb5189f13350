// Manage Blogs (docs/product.md section 2, Admin): the list of every post as cards, and the drawer that
// creates or edits one. Messages come from MESSAGES.blog.
import {
  BlogPreviewSchema,
  BlogSchema,
  MESSAGES,
  TRUNCATE,
  type Blog,
  type BlogPreview,
  type BlogRevision,
} from '@agency/contract';
import { useDeferredValue, useId, useState } from 'react';
import { MediaPickerHost } from '~/components/admin-media/media-picker';
import { toast } from '~/components/ui/toast';
import { ApiRequestError } from '~/lib/api';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { plainText, truncate } from '~/lib/text';
import { BlogDrawer } from './blog-drawer';
import { blogBackupKey, type BlogFormValues } from './blog-values';
import { dropBackup, keepBackup, readBackup } from './local-backup';
import { saveFailure, type SaveFailure } from './editor-drawer';
import { BlogRevisions } from './blog-revisions';
import { confirmAction } from '~/components/admin/confirm-dialog';
import { CardActions } from '~/components/admin/card-actions';
import { primaryButton } from '~/components/admin/form-styles';
import { QueryView } from '~/components/admin/query-view';

/** `resumed`: for a new post, the post its first autosave created earlier in this browser (not saved yet). */
type Drawer = { open: false } | { open: true; blog: Blog | null; resumed?: Blog | null };

const SCHEDULE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_STYLE: Record<Blog['status'], string> = {
  published: 'bg-green-100 text-green-900',
  draft: 'bg-amber-100 text-amber-900',
  scheduled: 'bg-blue-100 text-blue-900',
};

const BlogListSchema = BlogSchema.array();
/** Every post, drafts and scheduled ones included (editors and admins). */
const BLOGS = '/blogs?status=all';
const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
const blogPath = (id: string) => `/blogs/${encodeURIComponent(id)}`;

/**
 * A post as its card shows it: one its first autosave made and nobody saved yet shows its draft (what the editor
 * is writing; its stored title and text are what was typed at that first autosave).
 */
const listed = (blog: Blog): Blog =>
  blog.neverSaved && blog.draft
    ? {
        ...blog,
        title: blog.draft.data.title?.trim() || blog.title || 'Untitled draft',
        content: blog.draft.data.content ?? blog.content,
        excerpt: '',
      }
    : blog;

/** POST /api/uploads/images (docs/product.md section 7): the stored image's URL, or null when refused. */
async function uploadImage(file: File): Promise<string | null> {
  const form = new FormData();
  form.append('upload_preset', 'blog');
  form.append('file', file);
  try {
    const data = await mutate<{ secure_url?: unknown } | null>('/uploads/images', { method: 'POST', body: form });
    return typeof data?.secure_url === 'string' ? data.secure_url : null;
  } catch {
    return null;
  }
}

export function BlogManager() {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const blogs = useApiQuery(query ? `${BLOGS}&q=${encodeURIComponent(query)}` : BLOGS, BlogListSchema, {
    failure: MESSAGES.blog.fetchFailed,
  });
  const [drawer, setDrawer] = useState<Drawer>({ open: false });
  const [history, setHistory] = useState<Blog | null>(null);
  const [previews, setPreviews] = useState<Record<string, BlogPreview>>({});

  /** Saves; the drawer stays open with the server's answer when it fails (a deliberate change, docs/product.md). */
  async function submit(
    values: BlogFormValues,
    version: number | null,
    postId: string | null,
  ): Promise<SaveFailure | null> {
    if (!drawer.open) return null;
    const editing = drawer.blog;
    // A new post its first autosave already created is saved over that post (no second post).
    const target = editing?._id ?? postId;
    let imageUrl = values.imageUrl;
    if (values.image) {
      imageUrl = await uploadImage(values.image);
      if (!imageUrl) {
        toast.error(MESSAGES.blog.imageUploadFailed);
        return { error: MESSAGES.blog.imageUploadFailed };
      }
    }
    const scheduled = values.published && values.publishedAt !== null && new Date(values.publishedAt) > new Date();
    const send = (to: string | null) =>
      mutate(to ? blogPath(to) : '/blogs', {
        method: to ? 'PUT' : 'POST',
        body: {
          title: values.title,
          content: values.content,
          imageUrl,
          imageAlt: values.imageAlt,
          tags: values.tags,
          slug: values.slug,
          excerpt: values.excerpt,
          seoTitle: values.seoTitle,
          seoDescription: values.seoDescription,
          socialImageUrl: values.socialImageUrl,
          socialImageAlt: values.socialImageAlt,
          status: values.published ? (scheduled ? 'scheduled' : 'published') : 'draft',
          publishedAt: values.publishedAt,
          // An update takes the post's draft; over someone else's newer version it is refused (409).
          ...(to && version !== null ? { version } : {}),
        },
        invalidates: ['/blogs'],
      });
    try {
      try {
        await send(target);
      } catch (error) {
        // A new post its autosave created, deleted since by someone else: the text becomes a new post.
        if (editing || !target || !(error instanceof ApiRequestError && error.status === 404)) throw error;
        await send(null);
      }
    } catch (error) {
      const failure = saveFailure(error, editing ? MESSAGES.blog.updateFailed : MESSAGES.blog.createFailed);
      toast.error(failure.error);
      return failure;
    }
    setDrawer({ open: false });
    toast.success(editing ? MESSAGES.blog.updated : MESSAGES.blog.created);
    return null;
  }

  /**
   * Create Blog: a new post, or the one this browser was writing when its first autosave created it and nobody has
   * saved it since (it goes on with it). Saved by someone meanwhile, or deleted: its text is in that post, or was
   * meant to go; the drawer starts afresh. The server not answering: the text stays, as a new post's.
   */
  async function openNew() {
    const key = blogBackupKey(null);
    const kept = readBackup<unknown>(key);
    if (!kept?.postId) return setDrawer({ open: true, blog: null });
    try {
      const post = BlogSchema.parse(await mutate(blogPath(kept.postId), { method: 'GET' }));
      if (post.neverSaved) return setDrawer({ open: true, blog: null, resumed: post });
      dropBackup(key);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) dropBackup(key);
      else keepBackup(key, kept.value);
    }
    setDrawer({ open: true, blog: null });
  }

  /** Puts an earlier version back; the post as it is now becomes a revision itself. */
  async function restore(blog: Blog, revision: BlogRevision): Promise<boolean> {
    try {
      await mutate(`${blogPath(blog._id)}/revisions/${encodeURIComponent(revision.id)}/restore`, {
        method: 'POST',
        invalidates: ['/blogs'],
      });
    } catch (error) {
      toast.error(saveFailure(error, MESSAGES.blog.restoreFailed).error);
      return false;
    }
    toast.success(MESSAGES.blog.restored);
    return true;
  }

  /** A signed link that shows the post as the public will see it, for one hour. */
  async function preview(blog: Blog) {
    try {
      const answer = BlogPreviewSchema.safeParse(await mutate(`${blogPath(blog._id)}/preview`, { method: 'POST' }));
      if (!answer.success) throw new Error('unexpected answer');
      setPreviews((old) => ({ ...old, [blog._id]: answer.data }));
    } catch {
      toast.error(MESSAGES.blog.previewFailed);
    }
  }

  async function remove(blog: Blog) {
    if (!(await confirmAction(`Delete the post “${blog.title}”? This cannot be undone.`))) return;
    try {
      await mutate(blogPath(blog._id), { method: 'DELETE', invalidates: ['/blogs'] });
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.blog.deleteFailed));
      return;
    }
    toast.success(MESSAGES.blog.deleted);
  }

  return (
    <section aria-labelledby="manage-blogs-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="manage-blogs-heading" className="text-2xl font-bold">
          Manage Blogs
        </h2>
        <button type="button" onClick={() => void openNew()} className={primaryButton}>
          Create Blog
        </button>
      </div>

      <div className="mt-4 max-w-md">
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
          Search posts
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2"
        />
      </div>

      <div className="mt-6">
        <QueryView query={blogs}>
          {(list) =>
            list.length === 0 ? (
              <p className="text-slate-700">{query ? `No post matches “${query}”.` : 'No posts yet.'}</p>
            ) : (
              <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-4">
                {list.map(listed).map((blog) => (
                  <li
                    key={blog._id}
                    className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
                  >
                    {blog.imageUrl && (
                      <img
                        src={blog.imageUrl}
                        alt=""
                        width={480}
                        height={270}
                        loading="lazy"
                        className="aspect-video w-full object-cover"
                      />
                    )}
                    <div className="flex flex-1 flex-col gap-2 p-4">
                      <h3 className="font-semibold text-slate-900">{truncate(blog.title, TRUNCATE.adminCardTitle)}</h3>
                      <p className="text-sm text-slate-600">By {blog.author?.username ?? 'Unknown'}</p>
                      <p className="text-sm text-slate-700">
                        {truncate(blog.excerpt || plainText(blog.content), TRUNCATE.adminCardContent)}
                      </p>
                      <p className="text-sm">
                        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[blog.status]}`}>
                          {blog.status}
                        </span>
                        {blog.status === 'scheduled' && blog.publishedAt && (
                          <span className="ml-2 text-slate-700">
                            for{' '}
                            <time dateTime={blog.publishedAt}>{SCHEDULE_TIME.format(new Date(blog.publishedAt))}</time>
                          </span>
                        )}
                      </p>
                      <p className="text-sm text-slate-600">
                        {blog.publishedAt && blog.status === 'published' && (
                          <>
                            Published <time dateTime={blog.publishedAt}>{DATE.format(new Date(blog.publishedAt))}</time>
                            {' · '}
                          </>
                        )}
                        Updated <time dateTime={blog.updatedAt}>{DATE.format(new Date(blog.updatedAt))}</time>
                      </p>
                      {blog.tags.length > 0 && <p className="text-sm text-slate-600">Tags: {blog.tags.join(', ')}</p>}
                      {previews[blog._id] && (
                        <p className="text-sm">
                          <a
                            href={previews[blog._id]!.url}
                            target="_blank"
                            rel="noopener"
                            className="font-medium text-brand-700 underline"
                          >
                            Preview link for “{blog.title}”
                          </a>{' '}
                          <span className="text-slate-600">(works without signing in for one hour)</span>
                        </p>
                      )}
                      <CardActions
                        title={blog.title}
                        actions={[
                          { label: 'Edit', onClick: () => setDrawer({ open: true, blog }) },
                          { label: 'Preview', onClick: () => void preview(blog) },
                          { label: 'History', name: `History of “${blog.title}”`, onClick: () => setHistory(blog) },
                          { label: 'Delete', onClick: () => void remove(blog), danger: true },
                        ]}
                      />
                    </div>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </div>

      {drawer.open && (
        <BlogDrawer
          key={drawer.blog?._id ?? 'new'}
          blog={drawer.blog}
          resumed={drawer.resumed ?? null}
          onClose={() => setDrawer({ open: false })}
          onSubmit={submit}
        />
      )}
      <MediaPickerHost />
      {history && (
        <BlogRevisions
          // The history follows the post as it is now (after a restore, too).
          blog={blogs.data?.find((blog) => blog._id === history._id) ?? history}
          onClose={() => setHistory(null)}
          onRestore={(revision) => restore(history, revision)}
        />
      )}
    </section>
  );
}
