// /admin/team: accounts and their roles (admins).
import { TeamManager } from '~/components/admin-team/team-manager';
import { adminMeta } from '~/lib/admin-meta';

export const meta = () => adminMeta('Team');

export default function AdminTeam() {
  return <TeamManager />;
}
