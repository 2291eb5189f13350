// The blog slice (docs/product.md sections 4, 5 and 8): list state, its reducer, and the calls behind
// Manage Blogs. Each call resolves to a result; the caller shows the toast.
import {
  BlogPreviewSchema,
  BlogRevisionSchema,
  BlogSchema,
  MESSAGES,
  type Blog,
  type BlogPreview,
  type BlogRevision,
} from '@agency/contract';
import { ApiRequestError, apiFetch, apiJson } from '~/lib/api';
import { readToken } from './session';

export interface BlogState {
  blogs: Blog[];
  loading: boolean;
  error: string | null;
}

export type BlogAction =
  | { type: 'blogs/pending' }
  | { type: 'blogs/fulfilled'; blogs: Blog[] }
  | { type: 'blogs/rejected'; error: string }
  | { type: 'blogs/created'; blog: Blog }
  | { type: 'blogs/updated'; blog: Blog }
  | { type: 'blogs/deleted'; id: string };

export const initialBlogState: BlogState = { blogs: [], loading: false, error: null };

export function blogReducer(state: BlogState, action: BlogAction): BlogState {
  switch (action.type) {
    case 'blogs/pending':
      return { ...state, loading: true, error: null };
    case 'blogs/fulfilled':
      return { ...state, loading: false, blogs: action.blogs };
    case 'blogs/rejected':
      return { ...state, loading: false, error: action.error };
    case 'blogs/created':
      return { ...state, blogs: [...state.blogs, action.blog] };
    case 'blogs/updated':
      return { ...state, blogs: state.blogs.map((blog) => (blog._id === action.blog._id ? action.blog : blog)) };
    case 'blogs/deleted':
      return { ...state, blogs: state.blogs.filter((blog) => blog._id !== action.id) };
  }
}

/** A failure carries the server's message per field when it named any (shown next to the field). */
export type Result<T> = { ok: true; value: T } | { ok: false; error: string; fields?: Record<string, string> };

const fail = (error: string): Result<never> => ({ ok: false, error });

/** The fixed message, followed by the server's sentence when it named a reason (e.g. a bad field). */
export function failure(error: unknown, message: string): Result<never> {
  const body = error instanceof ApiRequestError && error.status === 400 ? error.body : undefined;
  const reason = body?.error;
  return { ok: false, error: reason ? `${message}: ${reason}` : message, fields: body?.fields };
}

/** Every post, drafts included (editors and admins). */
export async function fetchBlogs(): Promise<Result<Blog[]>> {
  try {
    const data = await apiJson<unknown>('/blogs?status=all', { auth: true });
    const list = Array.isArray(data) ? data : (data as { items?: unknown } | null)?.items;
    return { ok: true, value: BlogSchema.array().parse(list) };
  } catch {
    return fail(MESSAGES.blog.fetchFailed);
  }
}

/** POST /api/uploads/images; the URL of the stored image, or null on failure (docs/product.md section 7). */
export async function uploadImage(file: File): Promise<string | null> {
  const form = new FormData();
  form.append('upload_preset', 'blog');
  form.append('file', file);
  try {
    const response = await apiFetch('/uploads/images', { method: 'POST', body: form, auth: true });
    if (!response.ok) return null;
    const data = (await response.json()) as { secure_url?: unknown };
    return typeof data.secure_url === 'string' ? data.secure_url : null;
  } catch {
    return null;
  }
}

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
  /** The post's current image, kept when no new file is picked. */
  imageUrl: string | null;
  imageAlt: string;
}

async function save(values: BlogFormValues, id: string | null): Promise<Result<Blog>> {
  const failedMessage = id ? MESSAGES.blog.updateFailed : MESSAGES.blog.createFailed;
  if (!readToken()) return fail(MESSAGES.blog.noToken);
  let imageUrl = values.imageUrl;
  if (values.image) {
    imageUrl = await uploadImage(values.image);
    if (!imageUrl) return fail(MESSAGES.blog.imageUploadFailed);
  }
  try {
    const scheduled = values.published && values.publishedAt !== null && new Date(values.publishedAt) > new Date();
    const body = {
      title: values.title,
      content: values.content,
      imageUrl,
      imageAlt: values.imageAlt,
      tags: values.tags,
      status: values.published ? (scheduled ? 'scheduled' : 'published') : 'draft',
      publishedAt: values.publishedAt,
    };
    const data = await apiJson<unknown>(id ? `/blogs/${encodeURIComponent(id)}` : '/blogs', {
      method: id ? 'PUT' : 'POST',
      body,
      auth: true,
    });
    return { ok: true, value: BlogSchema.parse(data) };
  } catch (error) {
    return failure(error, failedMessage);
  }
}

export const createBlog = (values: BlogFormValues) => save(values, null);
export const updateBlog = (id: string, values: BlogFormValues) => save(values, id);

export async function deleteBlog(id: string): Promise<Result<string>> {
  if (!readToken()) return fail(MESSAGES.blog.noToken);
  try {
    await apiJson<unknown>(`/blogs/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });
    return { ok: true, value: id };
  } catch {
    return fail(MESSAGES.blog.deleteFailed);
  }
}

/** Earlier versions of a post, newest first. */
export async function fetchRevisions(id: string): Promise<Result<BlogRevision[]>> {
  try {
    const data = await apiJson<unknown>(`/blogs/${encodeURIComponent(id)}/revisions`, { auth: true });
    return { ok: true, value: BlogRevisionSchema.array().parse(data) };
  } catch {
    return fail(MESSAGES.blog.revisionsFailed);
  }
}

/** Puts an earlier version back; the post as it is now becomes a revision itself. */
export async function restoreRevision(id: string, revisionId: string): Promise<Result<Blog>> {
  try {
    const path = `/blogs/${encodeURIComponent(id)}/revisions/${encodeURIComponent(revisionId)}/restore`;
    const data = await apiJson<unknown>(path, { method: 'POST', auth: true });
    return { ok: true, value: BlogSchema.parse(data) };
  } catch (error) {
    return failure(error, MESSAGES.blog.restoreFailed);
  }
}

/** A signed link that shows the post as the public will see it, for one hour. */
export async function createPreview(id: string): Promise<Result<BlogPreview>> {
  try {
    const data = await apiJson<unknown>(`/blogs/${encodeURIComponent(id)}/preview`, { method: 'POST', auth: true });
    return { ok: true, value: BlogPreviewSchema.parse(data) };
  } catch {
    return fail(MESSAGES.blog.previewFailed);
  }
}
