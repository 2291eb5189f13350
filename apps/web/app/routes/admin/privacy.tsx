// /admin/privacy: erasure and access requests, the retention preview and the consent log (admins).
import { PrivacyTools } from '~/components/admin-team/privacy-tools';
import { adminMeta } from '~/lib/admin-meta';

export const meta = () => adminMeta('Privacy');

export default function AdminPrivacy() {
  return <PrivacyTools />;
}
