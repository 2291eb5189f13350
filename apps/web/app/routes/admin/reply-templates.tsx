// /admin/leads/templates: the reply templates per kind of lead (admins).
import { ReplyTemplates } from '~/components/admin-leads/reply-templates';
import { adminMeta } from '~/lib/admin-meta';

export const meta = () => adminMeta('Reply templates');

export default function AdminReplyTemplates() {
  return <ReplyTemplates />;
}
