// /admin/board: the deal board (admins and sales).
import { DealBoard } from '~/components/admin-leads/deal-board';
import { adminMeta } from '~/lib/admin-meta';

export const meta = () => adminMeta('Board');

export default function AdminBoard() {
  return <DealBoard />;
}
