// /admin/team: accounts and their roles, and the invitations of colleagues (admins).
import { TeamInvites } from '~/components/admin-team/team-invites';
import { TeamManager } from '~/components/admin-team/team-manager';
import { adminMeta } from '~/lib/admin-meta';

export const meta = () => adminMeta('Team');

export default function AdminTeam() {
  return (
    <>
      <TeamManager />
      <TeamInvites />
    </>
  );
}
