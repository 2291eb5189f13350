import type { Blog } from '@agency/contract';
import { describe, expect, it } from 'vitest';
import { blogReducer, initialBlogState } from './blog';

const post = (id: string, title = `Post ${id}`): Blog => ({
  _id: id,
  title,
  content: 'Body',
  imageUrl: null,
  imageAlt: null,
  tags: [],
  author: { username: 'Ada' },
  slug: `post-${id}`,
  excerpt: 'Body',
  status: 'published',
  publishedAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

describe('blogReducer', () => {
  it('loads: pending sets loading, success replaces the list, failure stores the error', () => {
    const pending = blogReducer({ ...initialBlogState, blogs: [post('old')] }, { type: 'blogs/pending' });
    expect(pending.loading).toBe(true);
    const loaded = blogReducer(pending, { type: 'blogs/fulfilled', blogs: [post('a'), post('b')] });
    expect(loaded.blogs.map((blog) => blog._id)).toEqual(['a', 'b']);
    expect(loaded.loading).toBe(false);
    const failed = blogReducer(pending, { type: 'blogs/rejected', error: 'Failed to fetch blogs' });
    expect(failed).toMatchObject({ loading: false, error: 'Failed to fetch blogs' });
  });

  it('appends a created post, replaces an updated one by _id and removes a deleted one', () => {
    let state = blogReducer(
      { ...initialBlogState, blogs: [post('a'), post('b')] },
      { type: 'blogs/created', blog: post('c') },
    );
    expect(state.blogs.map((blog) => blog._id)).toEqual(['a', 'b', 'c']);
    state = blogReducer(state, { type: 'blogs/updated', blog: post('b', 'Renamed') });
    expect(state.blogs.map((blog) => blog.title)).toEqual(['Post a', 'Renamed', 'Post c']);
    state = blogReducer(state, { type: 'blogs/deleted', id: 'a' });
    expect(state.blogs.map((blog) => blog._id)).toEqual(['b', 'c']);
  });
});
