// /admin/content/<key>: one content document's editor; a key may hold a slash (service/cloud-services).
import { useParams } from 'react-router';
import { ContentEditor } from '~/components/admin-content/content-editor';
import { MediaPickerHost } from '~/components/admin-media/media-picker';
import { adminMeta } from '~/lib/admin-meta';
import { useAuth } from '~/state/auth';

export const meta = () => adminMeta('Edit content');

export default function AdminContentDocument() {
  const key = useParams()['*'] ?? '';
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <ContentEditor key={key} documentKey={key} role={user.role} />
      <MediaPickerHost />
    </>
  );
}
