// A blog post as the editor's form holds it (blog-drawer.tsx): what is typed, kept in this browser and saved as
// the post's draft; how the form opens from a post (its server draft where it has one); the fields' labels.
import type { Blog } from '@agency/contract';
import { toLocalInput } from '~/lib/local-time';

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

/** What the drawer keeps in the browser (a picked file cannot be kept; everything typed is). */
export type Kept = Omit<BlogFormValues, 'image' | 'publishedAt'> & { publishAt: string };

/** Where a post's unsaved text is kept: per post, and one place for the new post being written. */
export const blogBackupKey = (blog: Blog | null) => `post.${blog?._id ?? 'new'}`;

export function initialValues(blog: Blog | null): Kept {
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

/** The form as it opens: the post's server draft where it has one, else the post. */
export function openingValues(blog: Blog | null, initial: Kept): Kept {
  const draft = blog?.draft?.data;
  if (!draft) return initial;
  const kept = Object.fromEntries(Object.entries(draft).filter(([name]) => name in initial)) as Partial<Kept>;
  return { ...initial, ...kept };
}

/** Something typed that makes a post worth keeping on the server: a title or some content. */
export const worthKeeping = (values: Kept) => values.title.trim() !== '' || values.content.trim() !== '';

/** Each field's label as the form shows it (a colleague's change is named by it). */
export const BLOG_FIELD_LABELS: Record<keyof Kept, string> = {
  title: 'Title',
  content: 'Content',
  published: 'Published',
  publishAt: 'Publish at',
  tags: 'Tags',
  imageUrl: 'Image',
  imageAlt: 'Image description',
  slug: 'Address (slug)',
  excerpt: 'Excerpt',
  seoTitle: 'Headline in search results',
  seoDescription: 'Summary in search results',
  socialImageUrl: 'Social image',
  socialImageAlt: 'Social image description',
};
