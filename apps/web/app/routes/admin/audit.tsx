// /admin/audit: the audit log (admins).
import { AuditLog } from '~/components/admin-team/audit-log';
import { adminMeta } from '~/lib/admin-meta';

export const meta = () => adminMeta('Audit');

export default function AdminAudit() {
  return <AuditLog />;
}
