// The bottom drawer of Manage Blogs: create an empty post or edit one, prefilled (docs/product.md section 2).
// A failed save keeps it open with what was typed and the server's message next to the field
// (docs/product.md, the deliberate changes).
import { BLOG_TAGS_MAX, TEXTAREA_ROWS, type Blog } from '@agency/contract';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { BlogFormValues } from '~/state/blog';
import { inputClass, labelClass, primaryButton, secondaryButton } from './form-styles';
import { useModal } from './use-modal';

/** What a failed save reports: a sentence and, when the server named them, one message per field. */
export interface SaveFailure {
  error: string;
  fields?: Record<string, string>;
}

interface BlogDrawerProps {
  /** The post being edited; null for a new one. */
  blog: Blog | null;
  onClose: () => void;
  /** Resolves to null when saved (the manager closes the drawer), else to what went wrong. */
  onSubmit: (values: BlogFormValues) => Promise<SaveFailure | null>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a datetime-local value in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const fromLocalInput = (value: string): string | null => {
  const time = value ? new Date(value) : null;
  return time && !Number.isNaN(time.getTime()) ? time.toISOString() : null;
};

/** The fields the server may blame, mapped to what the drawer shows them on. */
const FIELD_OF: Record<string, string> = { imageUrl: 'image', status: 'published' };

export function BlogDrawer({ blog, onClose, onSubmit }: BlogDrawerProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useModal(ref, true, onClose);
  const [title, setTitle] = useState(blog?.title ?? '');
  const [content, setContent] = useState(blog?.content ?? '');
  const [published, setPublished] = useState(blog ? blog.status !== 'draft' : true);
  const [publishAt, setPublishAt] = useState(
    toLocalInput(blog?.status === 'draft' ? null : (blog?.publishedAt ?? null)),
  );
  const [tags, setTags] = useState(blog?.tags.join(', ') ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [imageAlt, setImageAlt] = useState(blog?.imageAlt ?? '');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  // After a failed save, focus the first field the server blamed: keyboard and screen reader users land on it.
  useEffect(() => {
    if (failure?.fields) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure]);
  const heading = blog ? 'Edit Blog' : 'Create Blog';
  const scheduled = published && publishAt !== '' && new Date(publishAt) > new Date();

  const errorOf = (field: string) => {
    for (const [name, message] of Object.entries(failure?.fields ?? {})) {
      if ((FIELD_OF[name] ?? name) === field) return message;
    }
    return undefined;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const result = await onSubmit({
      title,
      content,
      published,
      publishedAt: published ? fromLocalInput(publishAt) : null,
      tags,
      image,
      imageUrl: blog?.imageUrl ?? null,
      imageAlt,
    });
    setSaving(false);
    setFailure(result);
  }

  return (
    <div
      className="fixed inset-0 z-50 flex items-end bg-slate-950/50"
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className="max-h-[90vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-2xl"
      >
        <div className="mx-auto max-w-3xl">
          <div className="flex items-center justify-between">
            <h2 id={`${id}-title`} className="text-2xl font-bold">
              {heading}
            </h2>
            <button type="button" onClick={onClose} className={secondaryButton} aria-label="Close">
              ×
            </button>
          </div>
          <form onSubmit={(event) => void submit(event)} noValidate className="mt-6 space-y-5">
            {failure && !failure.fields && (
              <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">
                {failure.error}
              </p>
            )}
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
            <button type="submit" className={primaryButton} disabled={saving}>
              {blog ? 'Update Blog' : 'Create Blog'}
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}

interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** A labelled control with an optional hint and the server's message for it. */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({
        id,
        className: `${inputClass}${error ? ' border-red-700' : ''}`,
        'aria-invalid': Boolean(error),
        'aria-describedby': described || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
