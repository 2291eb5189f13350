// Manage Blogs (docs/product.md section 2, Admin): the list of every post as cards, and the drawer that
// creates or edits one. Messages come from MESSAGES.blog.
import { MESSAGES, TRUNCATE, type Blog, type BlogPreview, type BlogRevision } from '@agency/contract';
import { useEffect, useReducer, useState } from 'react';
import { toast } from '~/components/ui/toast';
import { plainText, truncate } from '~/lib/text';
import {
  blogReducer,
  createBlog,
  createPreview,
  deleteBlog,
  fetchBlogs,
  initialBlogState,
  restoreRevision,
  updateBlog,
  type BlogFormValues,
} from '~/state/blog';
import { BlogDrawer } from './blog-drawer';
import type { SaveFailure } from './editor-drawer';
import { BlogRevisions } from './blog-revisions';
import { confirmAction } from './confirm-dialog';
import { primaryButton, secondaryButton } from './form-styles';

type Drawer = { open: false } | { open: true; blog: Blog | null };

const SCHEDULE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_STYLE: Record<Blog['status'], string> = {
  published: 'bg-green-100 text-green-900',
  draft: 'bg-amber-100 text-amber-900',
  scheduled: 'bg-blue-100 text-blue-900',
};

export function BlogManager() {
  const [state, dispatch] = useReducer(blogReducer, initialBlogState);
  const [drawer, setDrawer] = useState<Drawer>({ open: false });
  const [history, setHistory] = useState<Blog | null>(null);
  const [previews, setPreviews] = useState<Record<string, BlogPreview>>({});

  useEffect(() => {
    let live = true;
    dispatch({ type: 'blogs/pending' });
    void fetchBlogs().then((result) => {
      if (!live) return;
      if (result.ok) dispatch({ type: 'blogs/fulfilled', blogs: result.value });
      else {
        dispatch({ type: 'blogs/rejected', error: result.error });
        toast.error(result.error);
      }
    });
    return () => {
      live = false;
    };
  }, []);

  /** Saves; the drawer stays open with the server's answer when it fails (a deliberate change, docs/product.md). */
  async function submit(values: BlogFormValues): Promise<SaveFailure | null> {
    if (!drawer.open) return null;
    const editing = drawer.blog;
    const result = editing ? await updateBlog(editing._id, values) : await createBlog(values);
    if (!result.ok) {
      toast.error(result.error);
      return { error: result.error, fields: result.fields };
    }
    setDrawer({ open: false });
    dispatch(editing ? { type: 'blogs/updated', blog: result.value } : { type: 'blogs/created', blog: result.value });
    toast.success(editing ? MESSAGES.blog.updated : MESSAGES.blog.created);
    return null;
  }

  async function restore(blog: Blog, revision: BlogRevision): Promise<boolean> {
    const result = await restoreRevision(blog._id, revision.id);
    if (!result.ok) {
      toast.error(result.error);
      return false;
    }
    dispatch({ type: 'blogs/updated', blog: result.value });
    toast.success(MESSAGES.blog.restored);
    return true;
  }

  async function preview(blog: Blog) {
    const result = await createPreview(blog._id);
    if (!result.ok) {
      toast.error(result.error);
      return;
    }
    setPreviews((old) => ({ ...old, [blog._id]: result.value }));
  }

  async function remove(blog: Blog) {
    if (!(await confirmAction(`Delete the post “${blog.title}”? This cannot be undone.`))) return;
    const result = await deleteBlog(blog._id);
    if (!result.ok) {
      toast.error(result.error);
      return;
    }
    dispatch({ type: 'blogs/deleted', id: result.value });
    toast.success(MESSAGES.blog.deleted);
  }

  return (
    <section aria-labelledby="manage-blogs-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="manage-blogs-heading" className="text-2xl font-bold">
          Manage Blogs
        </h2>
        <button type="button" onClick={() => setDrawer({ open: true, blog: null })} className={primaryButton}>
          Create Blog
        </button>
      </div>

      {state.loading ? (
        <p className="mt-6" role="status">
          {MESSAGES.blog.loading}
        </p>
      ) : state.blogs.length === 0 ? (
        <p className="mt-6 text-slate-700">{state.error ?? 'No posts yet.'}</p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-4">
          {state.blogs.map((blog) => (
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
                      for <time dateTime={blog.publishedAt}>{SCHEDULE_TIME.format(new Date(blog.publishedAt))}</time>
                    </span>
                  )}
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
                <div className="mt-auto flex flex-wrap gap-2 pt-2">
                  <button
                    type="button"
                    onClick={() => setDrawer({ open: true, blog })}
                    aria-label={`Edit “${blog.title}”`}
                    className={secondaryButton}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    onClick={() => void preview(blog)}
                    aria-label={`Preview “${blog.title}”`}
                    className={secondaryButton}
                  >
                    Preview
                  </button>
                  <button
                    type="button"
                    onClick={() => setHistory(blog)}
                    aria-label={`History of “${blog.title}”`}
                    className={secondaryButton}
                  >
                    History
                  </button>
                  <button
                    type="button"
                    onClick={() => void remove(blog)}
                    aria-label={`Delete “${blog.title}”`}
                    className="rounded-md border border-red-700 px-4 py-2 font-medium text-red-800 hover:bg-red-50"
                  >
                    Delete
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}

      {drawer.open && (
        <BlogDrawer
          key={drawer.blog?._id ?? 'new'}
          blog={drawer.blog}
          onClose={() => setDrawer({ open: false })}
          onSubmit={submit}
        />
      )}
      {history && (
        <BlogRevisions
          // The history follows the post as it is now (after a restore, too).
          blog={state.blogs.find((blog) => blog._id === history._id) ?? history}
          onClose={() => setHistory(null)}
          onRestore={(revision) => restore(history, revision)}
        />
      )}
    </section>
  );
}
