// The Media section (issue 23, item 5): every image of the library with its description and the pages and
// posts that show it; one in use cannot be removed (the server answers 409 naming them).
import { MEDIA_MESSAGES, MediaListSchema, type MediaItem } from '@agency/contract';
import { confirmAction } from '~/components/admin/confirm-dialog';
import { outlineDangerButton } from '~/components/admin/form-styles';
import { QueryView } from '~/components/admin/query-view';
import { toast } from '~/components/ui/toast';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { MediaUpload } from './media-upload';

const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

export function MediaLibrary() {
  const media = useApiQuery('/admin/media', MediaListSchema, { failure: MEDIA_MESSAGES.fetchFailed });

  async function remove(item: MediaItem) {
    if (!(await confirmAction(`Remove “${item.alt}” from the library? This cannot be undone.`, 'Remove'))) return;
    try {
      await mutate(`/admin/media/${encodeURIComponent(item.id)}`, { method: 'DELETE', invalidates: ['/admin/media'] });
      toast.success(MEDIA_MESSAGES.deleted);
    } catch (error) {
      toast.error(errorMessage(error, MEDIA_MESSAGES.deleteFailed));
    }
  }

  return (
    <section aria-labelledby="media-heading" className="space-y-6">
      <h2 id="media-heading" className="text-2xl font-bold">
        Media
      </h2>
      <div className="rounded-md border border-slate-300 p-4">
        <h3 className="mb-3 text-lg font-semibold">Add an image</h3>
        <MediaUpload />
      </div>
      <QueryView query={media}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-slate-700">No images yet.</p>
          ) : (
            <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((item) => (
                <li
                  key={item.id}
                  className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
                >
                  <img src={item.url} alt="" loading="lazy" className="aspect-video w-full rounded object-cover" />
                  <p className="font-medium text-slate-900">{item.alt}</p>
                  <p className="text-sm text-slate-700">
                    {item.width && item.height ? `${item.width} × ${item.height} px · ` : ''}added{' '}
                    {DATE.format(new Date(item.createdAt))}
                    {item.uploadedBy ? ` by ${item.uploadedBy.username}` : ''}
                  </p>
                  <div className="text-sm text-slate-800">
                    {item.usedBy.length === 0 ? (
                      'Not used yet.'
                    ) : (
                      <>
                        Used by:
                        <ul className="list-disc pl-5">
                          {item.usedBy.map((use) => (
                            <li key={`${use.kind}:${use.id}`}>
                              {use.kind}{' '}
                              {use.path ? (
                                <a href={use.path} className="underline">
                                  {use.title}
                                </a>
                              ) : (
                                use.title
                              )}
                            </li>
                          ))}
                        </ul>
                      </>
                    )}
                  </div>
                  <button
                    type="button"
                    className={`${outlineDangerButton} mt-auto`}
                    aria-label={`Remove “${item.alt}”`}
                    onClick={() => void remove(item)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}
