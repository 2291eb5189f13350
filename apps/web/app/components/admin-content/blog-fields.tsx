// The fields of the blog editor's form (blog-drawer.tsx): title, the Markdown (rendered in the page preview beside the form),
// tags, images from a file or the media library, address, excerpt, search and sharing texts, the Published
// switch and its time. Each shows the server's message for it.
import {
  BLOG_EXCERPT_LENGTH,
  BLOG_SEO_DESCRIPTION_LENGTH,
  BLOG_SEO_TITLE_LENGTH,
  BLOG_TAGS_MAX,
  TEXTAREA_ROWS,
  type Blog,
} from '@agency/contract';
import type { Dispatch, SetStateAction } from 'react';
import { labelClass, secondaryButton } from '~/components/admin/form-styles';
import type { Kept } from './blog-values';
import { Field } from './editor-drawer';
import { MARKDOWN_HINT } from './markdown-preview';

export function BlogFields({
  id,
  blog,
  values,
  setValues,
  setImage,
  pick,
  errorOf,
}: {
  /** Prefix of the fields' ids. */
  id: string;
  /** The post edited; null for a new one. */
  blog: Blog | null;
  values: Kept;
  setValues: Dispatch<SetStateAction<Kept>>;
  setImage: (file: File | null) => void;
  pick: (target: 'image' | 'social') => Promise<void>;
  errorOf: (field: string) => string | undefined;
}) {
  const set = <K extends keyof Kept>(key: K, value: Kept[K]) => setValues((old) => ({ ...old, [key]: value }));
  const scheduled = values.published && values.publishAt !== '' && new Date(values.publishAt) > new Date();
  return (
    <>
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
      <Field id={`${id}-content`} label="Content" hint={MARKDOWN_HINT} error={errorOf('content')}>
        {(props) => (
          <textarea
            {...props}
            rows={TEXTAREA_ROWS}
            value={values.content}
            onChange={(event) => set('content', event.target.value)}
          />
        )}
      </Field>
      <Field
        id={`${id}-tags`}
        label="Tags"
        hint={`Up to ${BLOG_TAGS_MAX}, separated by commas.`}
        error={errorOf('tags')}
      >
        {(props) => <input {...props} value={values.tags} onChange={(event) => set('tags', event.target.value)} />}
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
              <input {...props} value={values.seoTitle} onChange={(event) => set('seoTitle', event.target.value)} />
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
}
