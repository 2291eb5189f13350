// /admin/leads: the leads inbox (admins).
import { LeadsInbox } from '~/components/admin-leads/leads-inbox';
import { adminMeta } from '~/lib/admin-meta';

export const meta = () => adminMeta('Leads');

export default function AdminLeads() {
  return <LeadsInbox />;
}
