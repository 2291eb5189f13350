// /admin: the dashboard for admins and sales, Manage Blogs for editors (as before the dashboard existed). The
// old mail links (/admin?lead=quotes/…) go on to the lead's own page.
import { leadAdminPath, ROLE_ACCESS } from '@agency/contract';
import { Navigate, useSearchParams } from 'react-router';
import { BlogManager } from '~/components/admin-content/blog-manager';
import { Dashboard } from '~/components/admin/dashboard';
import { parseLeadLink } from '~/components/admin-leads/lead-kinds';
import { adminMeta } from '~/lib/admin-meta';
import { useAuth } from '~/state/auth';

export const meta = () => adminMeta();

export default function AdminHome() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const lead = parseLeadLink(params.get('lead'));
  if (lead) return <Navigate to={leadAdminPath(lead.kind, lead.id)} replace />;
  const desk = (ROLE_ACCESS.leads as readonly string[]).includes(user?.role ?? '');
  return desk ? <Dashboard /> : <BlogManager />;
}
