// The bottom drawer of Manage Blogs: create an empty post or edit one, prefilled (docs/product.md section 2).
// A failed save keeps it open with what was typed and the server's message next to the field
// (docs/product.md, the deliberate changes).
import { BLOG_TAGS_MAX, TEXTAREA_ROWS, type Blog } from '@agency/contract';
import { useId, useState } from 'react';
import { fromLocalInput, toLocalInput } from '~/lib/local-time';
import { EditorDrawer, Field, type SaveFailure } from './editor-drawer';
import { labelClass } from '~/components/admin/form-styles';

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

interface BlogDrawerProps {
  /** The post being edited; null for a new one. */
  blog: Blog | null;
  onClose: () => void;
  /** Resolves to null when saved (the manager closes the drawer), else to what went wrong. */
  onSubmit: (values: BlogFormValues) => Promise<SaveFailure | null>;
}

/** The fields the server may blame, mapped to what the drawer shows them on. */
const FIELD_OF: Record<string, string> = { imageUrl: 'image', status: 'published' };

export function BlogDrawer({ blog, onClose, onSubmit }: BlogDrawerProps) {
  const id = useId();
  const [title, setTitle] = useState(blog?.title ?? '');
  const [content, setContent] = useState(blog?.content ?? '');
  const [published, setPublished] = useState(blog ? blog.status !== 'draft' : true);
  const [publishAt, setPublishAt] = useState(
    toLocalInput(blog?.status === 'draft' ? null : (blog?.publishedAt ?? null)),
  );
  const [tags, setTags] = useState(blog?.tags.join(', ') ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [imageAlt, setImageAlt] = useState(blog?.imageAlt ?? '');
  const scheduled = published && publishAt !== '' && new Date(publishAt) > new Date();

  const save = () =>
    onSubmit({
      title,
      content,
      published,
      publishedAt: published ? fromLocalInput(publishAt) : null,
      tags,
      image,
      imageUrl: blog?.imageUrl ?? null,
      imageAlt,
    });

  return (
    <EditorDrawer
      title={blog ? 'Edit Blog' : 'Create Blog'}
      submitLabel={blog ? 'Update Blog' : 'Create Blog'}
      onClose={onClose}
      save={save}
    >
      {(failure) => {
        const errorOf = (field: string) =>
          Object.entries(failure?.fields ?? {}).find(([name]) => (FIELD_OF[name] ?? name) === field)?.[1];
        return (
          <>
            <Field id={`${id}-blog-title`} label="Title" error={errorOf('title')}>
              {(props) => (
                <input {...props} data-autofocus value={title} onChange={(event) => setTitle(event.target.value)} />
              )}
            </Field>
            <Field id={`${id}-content`} label="Content" error={errorOf('content')}>
              {(props) => (
                <textarea
                  {...props}
                  rows={TEXTAREA_ROWS}
                  value={content}
                  onChange={(event) => setContent(event.target.value)}
                />
              )}
            </Field>
            <Field
              id={`${id}-tags`}
              label="Tags"
              hint={`Up to ${BLOG_TAGS_MAX}, separated by commas.`}
              error={errorOf('tags')}
            >
              {(props) => <input {...props} value={tags} onChange={(event) => setTags(event.target.value)} />}
            </Field>
            <div>
              <label htmlFor={`${id}-image`} className={labelClass}>
                Image
              </label>
              <input
                id={`${id}-image`}
                type="file"
                accept="image/*"
                aria-describedby={blog?.imageUrl ? `${id}-image-hint` : undefined}
                onChange={(event) => setImage(event.target.files?.[0] ?? null)}
                className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700"
              />
              {blog?.imageUrl && (
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
              {(props) => <input {...props} value={imageAlt} onChange={(event) => setImageAlt(event.target.value)} />}
            </Field>
            <div className="flex items-center gap-3">
              <input
                id={`${id}-status`}
                type="checkbox"
                role="switch"
                checked={published}
                onChange={(event) => setPublished(event.target.checked)}
                className="h-5 w-9 cursor-pointer accent-brand-600"
              />
              <label htmlFor={`${id}-status`} className={labelClass}>
                Published
              </label>
              <span className="text-sm text-slate-600">
                ({!published ? 'draft, not public' : scheduled ? 'scheduled' : 'visible on the blog'})
              </span>
            </div>
            {published && (
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
                    value={publishAt}
                    onChange={(event) => setPublishAt(event.target.value)}
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
