// /admin/media: the media library (editors and admins).
import { MediaLibrary } from '~/components/admin-media/media-library';
import { adminMeta } from '~/lib/admin-meta';

export const meta = () => adminMeta('Media');

export default function AdminMedia() {
  return <MediaLibrary />;
}
