// /admin/leads/follow-ups: the follow-ups that are due (admins).
import { FollowUps } from '~/components/admin-leads/follow-ups';
import { adminMeta } from '~/lib/admin-meta';

export const meta = () => adminMeta('Follow-ups');

export default function AdminFollowUps() {
  return <FollowUps />;
}
