// /admin/leads/{kind}/{id}: one lead (admins).
import { useParams } from 'react-router';
import { LeadPage } from '~/components/admin-leads/lead-page';
import { isLeadKind } from '~/components/admin-leads/lead-kinds';
import { adminMeta } from '~/lib/admin-meta';

export const meta = () => adminMeta('Lead');

export default function AdminLead() {
  const { kind, id } = useParams();
  if (!isLeadKind(kind) || !id) return <p role="status">There is no such lead.</p>;
  // A new lead starts with fresh state (e.g. after following a link from one lead to another).
  return <LeadPage key={`${kind}/${id}`} kind={kind} id={id} />;
}
