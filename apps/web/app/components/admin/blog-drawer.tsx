// The bottom drawer of Manage Blogs: create an empty post or edit one, prefilled (docs/product.md section 2).
import { TEXTAREA_ROWS, type Blog, type BlogStatus } from '@agency/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { BlogFormValues } from '~/state/blog';
import { inputClass, labelClass, primaryButton, secondaryButton } from './form-styles';
import { useModal } from './use-modal';

interface BlogDrawerProps {
  /** The post being edited; null for a new one. */
  blog: Blog | null;
  onClose: () => void;
  onSubmit: (values: BlogFormValues) => void;
}

export function BlogDrawer({ blog, onClose, onSubmit }: BlogDrawerProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useModal(ref, true, onClose);
  const [title, setTitle] = useState(blog?.title ?? '');
  const [content, setContent] = useState(blog?.content ?? '');
  const [status, setStatus] = useState<BlogStatus>(blog?.status ?? 'published');
  const [image, setImage] = useState<File | null>(null);
  const heading = blog ? 'Edit Blog' : 'Create Blog';

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ title, content, status, image, imageUrl: blog?.imageUrl ?? null });
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
          <form onSubmit={submit} noValidate className="mt-6 space-y-5">
            <div>
              <label htmlFor={`${id}-blog-title`} className={labelClass}>
                Title
              </label>
              <input
                id={`${id}-blog-title`}
                data-autofocus
                value={title}
                onChange={(event) => setTitle(event.target.value)}
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor={`${id}-content`} className={labelClass}>
                Content
              </label>
              <textarea
                id={`${id}-content`}
                rows={TEXTAREA_ROWS}
                value={content}
                onChange={(event) => setContent(event.target.value)}
                className={inputClass}
              />
            </div>
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
            <div className="flex items-center gap-3">
              <input
                id={`${id}-status`}
                type="checkbox"
                role="switch"
                checked={status === 'published'}
                onChange={(event) => setStatus(event.target.checked ? 'published' : 'draft')}
                className="h-5 w-9 cursor-pointer accent-brand-600"
              />
              <label htmlFor={`${id}-status`} className={labelClass}>
                Published
              </label>
              <span className="text-sm text-slate-600">
                ({status === 'published' ? 'visible on the blog' : 'draft, not public'})
              </span>
            </div>
            <button type="submit" className={primaryButton}>
              {blog ? 'Update Blog' : 'Create Blog'}
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}
