// /admin/content: the site's editable documents, by page (editors and admins).
import { ContentList } from '~/components/admin-content/content-list';
import { adminMeta } from '~/lib/admin-meta';

export const meta = () => adminMeta('Content');

export default function AdminContent() {
  return <ContentList />;
}
