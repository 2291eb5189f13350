// The media library as a dialog the page and blog editors pick an image from (or add one to):
// `await pickMedia()` resolves with the chosen image, or null when closed. Mount <MediaPickerHost /> once.
import { type MediaItem, MediaListSchema } from '@agency/contract';
import { secondaryButton } from '~/components/admin/form-styles';
import { QueryView } from '~/components/admin/query-view';
import { Modal } from '~/components/ui/modal';
import { useApiQuery } from '~/lib/api-query';
import { createDialogStore } from '~/lib/dialog-store';
import { MediaUpload } from './media-upload';

type Picked = Pick<MediaItem, 'id' | 'url' | 'alt' | 'width' | 'height'>;
const picker = createDialogStore<{ title: string }, Picked | null>(null);

export const pickMedia = (title = 'Choose an image'): Promise<Picked | null> => picker.open({ title });

export function MediaPickerHost() {
  const pending = picker.usePending();
  if (!pending) return null;
  return <MediaPicker title={pending.title} />;
}

function MediaPicker({ title }: { title: string }) {
  const media = useApiQuery('/admin/media', MediaListSchema);
  return (
    <Modal title={title} onClose={() => picker.answer(null)} size="lg">
      <div className="space-y-6">
        <MediaUpload onUploaded={(item) => picker.answer({ ...item, width: null, height: null })} />
        <QueryView query={media}>
          {({ items }) =>
            items.length === 0 ? (
              <p className="text-slate-700">The library is empty: add an image above.</p>
            ) : (
              <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3">
                {items.map((item) => (
                  <li key={item.id} className="flex flex-col gap-2 rounded-md border border-slate-200 p-2">
                    <img src={item.url} alt="" loading="lazy" className="aspect-video w-full rounded object-cover" />
                    <span className="text-sm text-slate-800">{item.alt}</span>
                    <button
                      type="button"
                      className={secondaryButton}
                      aria-label={`Choose “${item.alt}”`}
                      onClick={() => picker.answer(item)}
                    >
                      Choose
                    </button>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </div>
    </Modal>
  );
}
