// /admin/leads/person?email=…: everything one address sent, and the replies sent to it (admins).
import { useSearchParams } from 'react-router';
import { PersonPage } from '~/components/admin-leads/person-page';
import { adminMeta } from '~/lib/admin-meta';

export const meta = () => adminMeta('Person');

export default function AdminPerson() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  if (!email) return <p role="status">Open a person from one of their leads.</p>;
  return <PersonPage key={email} email={email} />;
}
